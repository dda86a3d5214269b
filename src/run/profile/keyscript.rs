//! Key scripts: the inputs fed to a program while it waits in its input loop (format in
//! the module docs of [`super`]).

use super::ProfileError;
use crate::basic;
use crate::chips::keyboard::joy;
use std::path::Path;

/// One scripted input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Input {
    /// A PETSCII code put into the keyboard buffer.
    Key(u8),
    /// Joystick port 2 bits (see [`joy`]), held until the program takes them.
    Joy(u8),
}

/// A parsed key script.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct KeyScript {
    pub inputs: Vec<Input>,
    /// The input loop label, if the script names one.
    pub input_loop: Option<String>,
    /// Where the script came from, for messages (empty for a script made in code).
    pub name: String,
}

impl KeyScript {
    /// Parse script text (format in the module docs); `file` names it in errors.
    pub fn parse(text: &str, file: &str) -> Result<KeyScript, ProfileError> {
        let mut script = KeyScript {
            name: file.to_string(),
            ..KeyScript::default()
        };
        for (n, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("");
            let err = |col: usize, message: String| ProfileError::Script {
                file: file.to_string(),
                line: n + 1,
                col,
                message,
            };
            let mut words = Vec::new();
            // Split on whitespace outside braces, keeping each token's column.
            let mut start = None;
            let mut depth = 0;
            for (i, c) in line.char_indices() {
                match c {
                    '{' => {
                        depth += 1;
                        start.get_or_insert(i);
                    }
                    '}' => {
                        depth -= 1;
                        start.get_or_insert(i);
                    }
                    c if c.is_whitespace() && depth == 0 => {
                        if let Some(s) = start.take() {
                            words.push((s, &line[s..i]));
                        }
                    }
                    _ => {
                        start.get_or_insert(i);
                    }
                }
            }
            if let Some(s) = start {
                words.push((s, &line[s..]));
            }
            if depth != 0 {
                return Err(err(line.len(), "unclosed brace".into()));
            }
            let mut i = 0;
            while i < words.len() {
                let (col, w) = words[i];
                if w.eq_ignore_ascii_case("loop") {
                    let Some(&(_, label)) = words.get(i + 1) else {
                        return Err(err(col + 1, "`loop` needs a label".into()));
                    };
                    script.input_loop = Some(label.to_string());
                    i += 2;
                    continue;
                }
                let (token, count) = match w.rsplit_once('*') {
                    Some((t, c))
                        if !t.is_empty()
                            && !c.is_empty()
                            && c.chars().all(|d| d.is_ascii_digit()) =>
                    {
                        let c: usize = c
                            .parse()
                            .map_err(|_| err(col + 1, format!("bad repeat count in `{w}`")))?;
                        (t, c)
                    }
                    _ => (w, 1),
                };
                let input = parse_input(token).map_err(|m| err(col + 1, m))?;
                script.inputs.extend(std::iter::repeat_n(input, count));
                i += 1;
            }
        }
        Ok(script)
    }

    pub fn from_file(path: &Path) -> Result<KeyScript, ProfileError> {
        let text = std::fs::read_to_string(path).map_err(|source| ProfileError::Read {
            file: path.display().to_string(),
            source,
        })?;
        Self::parse(&text, &path.display().to_string())
    }
}

fn parse_input(token: &str) -> Result<Input, String> {
    if let Some(dirs) = token
        .strip_prefix("J:")
        .or_else(|| token.strip_prefix("j:"))
    {
        let mut bits = 0;
        for d in dirs.split('+') {
            bits |= match d.to_ascii_uppercase().as_str() {
                "UP" | "U" => joy::UP,
                "DOWN" | "D" => joy::DOWN,
                "LEFT" | "L" => joy::LEFT,
                "RIGHT" | "R" => joy::RIGHT,
                "FIRE" | "F" => joy::FIRE,
                other => {
                    return Err(format!(
                        "unknown joystick direction `{other}` (UP, DOWN, LEFT, RIGHT, FIRE)"
                    ));
                }
            };
        }
        return Ok(Input::Joy(bits));
    }
    if let Some(inner) = token.strip_prefix('{').and_then(|t| t.strip_suffix('}')) {
        return match basic::control_sequence(inner) {
            Some((code, 1)) => Ok(Input::Key(code)),
            Some(_) => Err(format!(
                "`{token}`: one key per token (write a repeat as {{NAME}}*N)"
            )),
            None => Err(format!("unknown key name `{token}`")),
        };
    }
    let mut chars = token.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => {
            let c = c.to_ascii_uppercase();
            basic::char_to_petscii(c)
                .map(Input::Key)
                .ok_or_else(|| format!("`{c}` is not a C64 key"))
        }
        _ => Err(format!(
            "unknown key `{token}` (one character, a {{NAME}}, or J:DIRECTION)"
        )),
    }
}
