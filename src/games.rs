//! Games embedded in the binary. The window plays [`default_game`] when it is started
//! without a program.

/// The program `breadbin` plays when started without a file: a name (for messages and the
/// window title) and its BASIC source text (the format of `games/*.bas`, tokenized at start).
/// `None` while no game is embedded: the window then starts at BASIC's READY prompt.
pub fn default_game() -> Option<(&'static str, &'static str)> {
    None
}

/// The key script the turn-timing harness uses by default with [`default_game`]: a name and
/// its text (the format of `breadbin::profile::KeyScript`). `None` while no game is embedded.
pub fn default_walk() -> Option<(&'static str, &'static str)> {
    None
}
