//! BASIC V2 text tools: the text format of breadbin's BASIC programs, its tokenizer and
//! lister, and the PETSCII tables they rest on.
//!
//! - [`tokens`]: the BASIC V2 keyword table ($80-$CB, π = $FF).
//! - [`petscii`]: text ↔ PETSCII, PETSCII → screen codes, screen codes → text.
//! - [`control`]: `{NAME}` control codes (petcat's names and common aliases), both ways.
//! - [`tokenizer`]: text → PRG with labels and automatic line numbers ([`tokenize`]).
//! - [`lister`]: PRG → text ([`list`]).
//! - [`labels`]: the label map written beside a tokenized program.
//!
//! The text format is described in DESIGN.md ("BASIC text format") and in the module
//! documentation of [`tokenizer`].

pub mod control;
pub(crate) mod error;
pub(crate) mod labels;
pub(crate) mod lines;
pub(crate) mod lister;
pub(crate) mod petscii;
mod text;
pub(crate) mod tokenizer;
pub(crate) mod tokens;
pub mod vars;

pub use control::{control_code, control_name, control_sequence};
pub use error::{BasicError, Pos, Warning, WarningKind, bytes};
pub use labels::{Label, LabelMap, LineSource};
pub use lister::{list, list_file};
pub use petscii::{
    TextStyle, UNICODE_GRAPHICS, char_to_petscii, petscii_to_char, petscii_to_screen,
    screen_to_char, screen_to_char_in, screen_to_petscii, screen_to_string, screen_to_text,
};
pub use text::text_to_petscii;
pub use tokenizer::{LOAD_ADDRESS, Tokenized, tokenize, tokenize_file};
