//! CRT cartridge images: a 64-byte-or-longer header, then CHIP packets, all numbers big
//! endian (the format's documentation, CRT.TXT, and VICE's cartridge list for the type
//! numbers).
//!
//! Header: the signature `C64 CARTRIDGE   ` (16 bytes), the header's length (4 bytes, at
//! least $40), the version (major, minor), the hardware type (2 bytes), the EXROM and GAME
//! line levels at power-on (0 = low, asserted), from version 1.1 a subtype, and a 32-byte
//! name at $20. CHIP packet: `CHIP`, the packet's length (header $10 + data), the chip type
//! (0 ROM, 1 RAM, 2 flash), the bank, the load address and the data's size, then the data.

/// One CHIP packet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chip {
    /// 0 ROM, 1 RAM (no data follows), 2 flash.
    pub kind: u16,
    pub bank: u16,
    pub load: u16,
    pub data: Vec<u8>,
}

/// A cartridge image as read from its file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Crt {
    /// Major and minor version.
    pub version: (u8, u8),
    /// The hardware type (0: a generic 8K, 16K or Ultimax cartridge).
    pub hardware: u16,
    /// The EXROM and GAME levels the cartridge starts with (true = high, not asserted).
    pub exrom: bool,
    pub game: bool,
    /// The subtype (version 1.1 on; 0 before).
    pub subtype: u8,
    /// The name, as stored up to its first zero byte.
    pub name: String,
    pub chips: Vec<Chip>,
}

const SIGNATURE: &[u8; 16] = b"C64 CARTRIDGE   ";

fn be16(b: &[u8], at: usize) -> u16 {
    u16::from_be_bytes([b[at], b[at + 1]])
}

fn be32(b: &[u8], at: usize) -> u32 {
    u32::from_be_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

impl Crt {
    /// Read an image; an error says what is wrong and at which byte offset (the caller
    /// names the file).
    pub fn parse(bytes: &[u8]) -> Result<Crt, String> {
        if bytes.len() < 0x40 {
            return Err(format!(
                "{}: too short for a CRT header (64 bytes)",
                crate::basic::bytes(bytes.len())
            ));
        }
        if &bytes[..16] != SIGNATURE {
            return Err("offset 0: not a C64 CRT image (no \"C64 CARTRIDGE\" signature)".into());
        }
        let header = be32(bytes, 0x10) as usize;
        if !(0x40..=bytes.len()).contains(&header) {
            return Err(format!(
                "offset $10: header length ${header:X} is outside the file"
            ));
        }
        let version = (bytes[0x14], bytes[0x15]);
        if version.0 > 2 {
            return Err(format!(
                "offset $14: version {}.{} is newer than this reader (2.x)",
                version.0, version.1
            ));
        }
        let subtype = if version >= (1, 1) { bytes[0x1A] } else { 0 };
        let name_bytes = &bytes[0x20..0x40];
        let end = name_bytes.iter().position(|&b| b == 0).unwrap_or(32);
        let name = String::from_utf8_lossy(&name_bytes[..end]).into_owned();
        let mut chips = Vec::new();
        let mut at = header;
        while at < bytes.len() {
            let tail = &bytes[at..];
            if tail.len() < 0x10
                && !chips.is_empty()
                && !tail.starts_with(&b"CHIP"[..tail.len().min(4)])
            {
                // A few bytes of padding after the last packet (some tools leave them).
                break;
            }
            if bytes.len() - at < 0x10 {
                return Err(format!(
                    "offset ${at:X}: {} left, too few for a CHIP packet header",
                    crate::basic::bytes(bytes.len() - at)
                ));
            }
            if &bytes[at..at + 4] != b"CHIP" {
                return Err(format!("offset ${at:X}: no CHIP packet here"));
            }
            let length = be32(bytes, at + 4) as usize;
            let kind = be16(bytes, at + 8);
            let bank = be16(bytes, at + 0x0A);
            let load = be16(bytes, at + 0x0C);
            let size = be16(bytes, at + 0x0E) as usize;
            if kind > 2 {
                return Err(format!("offset ${:X}: unknown chip type {kind}", at + 8));
            }
            let data_at = at + 0x10;
            // A RAM chip carries no data; others carry `size` bytes.
            let carried = if kind == 1 { 0 } else { size };
            if data_at + carried > bytes.len() {
                return Err(format!(
                    "offset ${at:X}: the CHIP packet's {} run past the end of the file",
                    crate::basic::bytes(carried)
                ));
            }
            if length < 0x10 + carried {
                return Err(format!(
                    "offset ${:X}: packet length ${length:X} is shorter than its data",
                    at + 4
                ));
            }
            chips.push(Chip {
                kind,
                bank,
                load,
                data: if kind == 1 {
                    vec![0; size]
                } else {
                    bytes[data_at..data_at + size].to_vec()
                },
            });
            at = at.saturating_add(length.max(0x10 + carried));
        }
        Ok(Crt {
            version,
            hardware: be16(bytes, 0x16),
            exrom: bytes[0x18] != 0,
            game: bytes[0x19] != 0,
            subtype,
            name,
            chips,
        })
    }

    /// FNV-1a of the image as written: which image a device was made from.
    pub fn checksum(&self) -> u64 {
        crate::media::fnv1a(&[&self.to_bytes()])
    }

    /// The image as file bytes (version 1.0 header unless the image has a subtype).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        out.extend_from_slice(SIGNATURE);
        out.extend_from_slice(&0x40u32.to_be_bytes());
        out.extend_from_slice(&[self.version.0, self.version.1]);
        out.extend_from_slice(&self.hardware.to_be_bytes());
        out.push(self.exrom as u8);
        out.push(self.game as u8);
        out.push(self.subtype);
        out.resize(0x20, 0);
        let mut name = self.name.as_bytes().to_vec();
        name.resize(32, 0);
        out.extend_from_slice(&name);
        for c in &self.chips {
            out.extend_from_slice(b"CHIP");
            let carried = if c.kind == 1 { 0 } else { c.data.len() };
            out.extend_from_slice(&(0x10 + carried as u32).to_be_bytes());
            out.extend_from_slice(&c.kind.to_be_bytes());
            out.extend_from_slice(&c.bank.to_be_bytes());
            out.extend_from_slice(&c.load.to_be_bytes());
            out.extend_from_slice(&(c.data.len() as u16).to_be_bytes());
            if c.kind != 1 {
                out.extend_from_slice(&c.data);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn image() -> Crt {
        Crt {
            version: (1, 0),
            hardware: 0,
            exrom: false,
            game: true,
            subtype: 0,
            name: "EIGHT".into(),
            chips: vec![Chip {
                kind: 0,
                bank: 0,
                load: 0x8000,
                data: (0..0x2000).map(|i| i as u8).collect(),
            }],
        }
    }

    #[test]
    fn an_image_reads_back_as_written() {
        let c = image();
        let bytes = c.to_bytes();
        assert_eq!(bytes.len(), 0x40 + 0x10 + 0x2000);
        assert_eq!(Crt::parse(&bytes), Ok(c));
    }

    #[test]
    fn damaged_images_are_refused_with_the_offset() {
        let bytes = image().to_bytes();
        assert!(Crt::parse(&bytes[..20]).unwrap_err().contains("too short"));
        assert!(Crt::parse(&bytes[..1]).unwrap_err().starts_with("1 byte: "));
        let mut b = bytes.clone();
        b[0] = b'X';
        assert!(Crt::parse(&b).unwrap_err().starts_with("offset 0:"));
        let e = Crt::parse(&bytes[..bytes.len() - 1]).unwrap_err();
        assert!(
            e.starts_with("offset $40:") && e.contains("past the end"),
            "{e}"
        );
        let mut b = bytes.clone();
        b[0x40] = b'X';
        assert!(Crt::parse(&b).unwrap_err().contains("no CHIP packet"));
        let mut b = bytes.clone();
        b[0x13] = 0x30;
        assert!(Crt::parse(&b).unwrap_err().starts_with("offset $10:"));
        let mut b = bytes;
        b[0x49] = 7;
        assert!(Crt::parse(&b).unwrap_err().contains("unknown chip type 7"));
    }

    #[test]
    fn a_few_bytes_of_padding_after_the_last_packet_are_let_be() {
        let mut bytes = image().to_bytes();
        bytes.extend([0u8; 12]);
        assert_eq!(Crt::parse(&bytes).unwrap().chips.len(), image().chips.len());
        // The start of a packet cut short is not padding.
        let mut cut = image().to_bytes();
        cut.extend(b"CHIP\0\0");
        assert!(Crt::parse(&cut).unwrap_err().contains("too few"));
    }
}
