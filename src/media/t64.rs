//! T64 tape archives: programs stored one after another behind a directory, as the format's
//! description gives it. A 64-byte header (a signature starting `C64`, the version, the
//! number of directory slots and of used ones, the tape's name), then 32-byte directory
//! entries: the entry type (0 free, 1 a program), the C64 file type, start and end address,
//! the offset of the data in the file and a 16-character PETSCII name.
//!
//! Many archives in circulation carry a wrong end address (the tools that made them wrote
//! a fixed one), so a program's length is taken from the end address only when its data
//! fits in the file; otherwise it runs to the next entry's data or to the end of the file.

use crate::basic::petscii::petscii_to_char;

/// One program of the archive.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The name in PETSCII, without its padding.
    pub name: Vec<u8>,
    pub load: u16,
    pub data: Vec<u8>,
}

impl Entry {
    /// The name as text (PETSCII letters as capitals).
    pub fn text_name(&self) -> String {
        self.name
            .iter()
            .map(|&b| petscii_to_char(b).unwrap_or('?'))
            .collect()
    }
}

/// A T64 archive's programs, in directory order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct T64 {
    pub name: String,
    pub entries: Vec<Entry>,
}

fn le16(b: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([b[at], b[at + 1]])
}

fn trimmed(raw: &[u8]) -> Vec<u8> {
    let end = raw
        .iter()
        .rposition(|&b| b != 0x20 && b != 0xA0 && b != 0)
        .map_or(0, |i| i + 1);
    raw[..end].to_vec()
}

impl T64 {
    /// Read an archive, or say what is wrong and where (`offset $X: ...`).
    pub fn parse(bytes: &[u8]) -> Result<T64, String> {
        if bytes.len() < 64 || &bytes[..3] != b"C64" {
            return Err("offset $0: not a T64 archive (no `C64` tape signature)".into());
        }
        let slots = usize::from(le16(bytes, 0x22));
        let name = trimmed(&bytes[0x28..0x40])
            .iter()
            .map(|&b| petscii_to_char(b).unwrap_or('?'))
            .collect();
        // (offset, load, end from the directory, name)
        let mut dir = Vec::new();
        for slot in 0..slots.max(1) {
            let at = 0x40 + slot * 32;
            if at + 32 > bytes.len() {
                if slot < slots {
                    return Err(format!(
                        "offset ${at:X}: directory entry {} runs past the end of the file",
                        slot + 1
                    ));
                }
                break;
            }
            let e = &bytes[at..at + 32];
            if e[0] != 1 {
                continue;
            }
            let offset = u32::from_le_bytes([e[8], e[9], e[10], e[11]]) as usize;
            let (load, end) = (le16(e, 2), le16(e, 4));
            if offset >= bytes.len() {
                return Err(format!(
                    "offset ${at:X}: entry {} has its data at ${offset:X}, past the end of the \
                     file",
                    slot + 1
                ));
            }
            dir.push((offset, load, end, trimmed(&e[16..32]), at));
        }
        if dir.is_empty() {
            return Err("offset $40: the directory holds no program".into());
        }
        let mut starts: Vec<usize> = dir.iter().map(|d| d.0).collect();
        starts.sort_unstable();
        let mut entries = Vec::new();
        for (offset, load, end, name, at) in dir {
            let next = starts
                .iter()
                .copied()
                .find(|&s| s > offset)
                .unwrap_or(bytes.len());
            let said = usize::from(end).saturating_sub(usize::from(load));
            let len = if said > 0 && offset + said <= next {
                said
            } else {
                next - offset
            };
            if len == 0 || usize::from(load) + len > 0x10000 {
                return Err(format!(
                    "offset ${at:X}: a program of {} at ${load:04X} does not fit the C64's memory",
                    crate::basic::bytes(len)
                ));
            }
            entries.push(Entry {
                name,
                load,
                data: bytes[offset..offset + len].to_vec(),
            });
        }
        Ok(T64 { name, entries })
    }

    /// The entry named `name` (as typed: capitals or small letters alike), or the first.
    pub fn entry(&self, name: Option<&str>) -> Result<&Entry, String> {
        let Some(want) = name else {
            return Ok(&self.entries[0]);
        };
        self.entries
            .iter()
            .find(|e| e.text_name().eq_ignore_ascii_case(want))
            .ok_or_else(|| {
                let names: Vec<String> = self
                    .entries
                    .iter()
                    .map(|e| format!("\"{}\"", e.text_name()))
                    .collect();
                format!("no entry \"{want}\" (it has {})", names.join(", "))
            })
    }

    /// The directory as `breadbin list` prints it.
    pub fn listing(&self) -> String {
        let mut s = format!("tape \"{}\", {} programs\n", self.name, self.entries.len());
        for (i, e) in self.entries.iter().enumerate() {
            let end = usize::from(e.load) + e.data.len() - 1;
            s.push_str(&format!(
                "{:3}  \"{}\"  ${:04X}-${end:04X}  {}\n",
                i + 1,
                e.text_name(),
                e.load,
                crate::basic::bytes(e.data.len())
            ));
        }
        s
    }
}
