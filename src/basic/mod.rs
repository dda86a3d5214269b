//! BASIC V2 text tools: tokenizer, lister, PETSCII tables.
