//! Gamepads (gilrs) as C64 joysticks: the d-pad and the left stick give the directions,
//! the south button (A on Xbox layouts, cross on PlayStation ones) is fire. All connected
//! pads drive the same port, as if their switches were wired together. Pads may come and
//! go while the machine runs: a pad that disappears releases everything it held.

use crate::chips::keyboard::joy;
use gilrs::{Axis, Button, EventType, Gilrs};

/// Stick deflection below which the stick counts as centred.
pub const DEAD_ZONE: f32 = 0.4;

/// One input change of one pad (gilrs' events reduced to what a joystick needs; tests
/// build these directly).
#[derive(Debug, Clone, PartialEq)]
pub enum PadInput {
    Connected(String),
    Disconnected,
    Button(Button, bool),
    Axis(Axis, f32),
}

#[derive(Debug, Clone, Default)]
struct Pad {
    id: usize,
    name: String,
    dpad: u8,
    fire: bool,
    stick_x: f32,
    stick_y: f32,
    hat_x: f32,
    hat_y: f32,
}

impl Pad {
    fn bits(&self) -> u8 {
        let mut b = self.dpad;
        if self.fire {
            b |= joy::FIRE;
        }
        for (x, y) in [(self.stick_x, self.stick_y), (self.hat_x, self.hat_y)] {
            // gilrs: Y is positive up.
            if y > DEAD_ZONE {
                b |= joy::UP;
            }
            if y < -DEAD_ZONE {
                b |= joy::DOWN;
            }
            if x < -DEAD_ZONE {
                b |= joy::LEFT;
            }
            if x > DEAD_ZONE {
                b |= joy::RIGHT;
            }
        }
        b
    }
}

/// The joystick state of every pad seen.
#[derive(Debug, Clone, Default)]
pub struct PadTracker {
    pads: Vec<Pad>,
}

impl PadTracker {
    /// Apply one input of pad `id`; returns a message for the user when a pad came or went.
    pub fn input(&mut self, id: usize, input: PadInput) -> Option<String> {
        let i = match self.pads.iter().position(|p| p.id == id) {
            Some(i) => i,
            None => {
                self.pads.push(Pad {
                    id,
                    name: format!("gamepad {id}"),
                    ..Default::default()
                });
                self.pads.len() - 1
            }
        };
        let pad = &mut self.pads[i];
        match input {
            PadInput::Connected(name) => {
                *pad = Pad {
                    id,
                    name: name.clone(),
                    ..Default::default()
                };
                return Some(format!("gamepad connected: {name}"));
            }
            PadInput::Disconnected => {
                let p = self.pads.remove(i);
                let held = if p.bits() != 0 {
                    " (its directions and fire are released)"
                } else {
                    ""
                };
                return Some(format!("gamepad disconnected: {}{held}", p.name));
            }
            PadInput::Button(b, down) => {
                let bit = match b {
                    Button::DPadUp => joy::UP,
                    Button::DPadDown => joy::DOWN,
                    Button::DPadLeft => joy::LEFT,
                    Button::DPadRight => joy::RIGHT,
                    Button::South => {
                        pad.fire = down;
                        0
                    }
                    _ => 0,
                };
                if down {
                    pad.dpad |= bit;
                } else {
                    pad.dpad &= !bit;
                }
            }
            PadInput::Axis(a, v) => match a {
                Axis::LeftStickX => pad.stick_x = v,
                Axis::LeftStickY => pad.stick_y = v,
                Axis::DPadX => pad.hat_x = v,
                Axis::DPadY => pad.hat_y = v,
                _ => {}
            },
        }
        None
    }

    /// The joystick bits of all pads together.
    pub fn bits(&self) -> u8 {
        self.pads.iter().fold(0, |b, p| b | p.bits())
    }

    pub fn connected(&self) -> usize {
        self.pads.len()
    }
}

/// gilrs and the tracker. Without gamepad support (no udev, unsupported platform) it does
/// nothing.
pub struct Gamepads {
    gilrs: Option<Gilrs>,
    pub tracker: PadTracker,
}

impl Gamepads {
    /// Start gilrs. Returns the messages for the user: the pads already connected, or a
    /// one-line warning when gamepads cannot be used (the machine runs without them).
    pub fn new() -> (Gamepads, Vec<String>) {
        match Gilrs::new() {
            Ok(g) => {
                let mut tracker = PadTracker::default();
                let messages = g
                    .gamepads()
                    .filter_map(|(id, pad)| {
                        tracker.input(id.into(), PadInput::Connected(pad.name().to_string()))
                    })
                    .collect();
                (
                    Gamepads {
                        gilrs: Some(g),
                        tracker,
                    },
                    messages,
                )
            }
            Err(e) => (
                Gamepads {
                    gilrs: None,
                    tracker: PadTracker::default(),
                },
                vec![format!("gamepads unavailable: {e}")],
            ),
        }
    }

    /// Take the pending gilrs events; returns the messages for pads that came or went.
    pub fn poll(&mut self) -> Vec<String> {
        let mut messages = Vec::new();
        let Some(g) = self.gilrs.as_mut() else {
            return messages;
        };
        while let Some(ev) = g.next_event() {
            let id: usize = ev.id.into();
            let input = match ev.event {
                EventType::Connected => PadInput::Connected(g.gamepad(ev.id).name().to_string()),
                EventType::Disconnected => PadInput::Disconnected,
                EventType::ButtonPressed(b, _) => PadInput::Button(b, true),
                EventType::ButtonReleased(b, _) => PadInput::Button(b, false),
                EventType::AxisChanged(a, v, _) => PadInput::Axis(a, v),
                _ => continue,
            };
            if let Some(m) = self.tracker.input(id, input) {
                messages.push(m);
            }
        }
        messages
    }

    pub fn bits(&self) -> u8 {
        self.tracker.bits()
    }
}
