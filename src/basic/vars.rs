//! Reading a running program's BASIC variables from memory, for tools and tests.
//!
//! Layout as documented for Commodore BASIC V2: simple variables from VARTAB ($2D) to
//! ARYTAB ($2F), 7 bytes each (two name bytes, then five value bytes); arrays from ARYTAB to
//! STREND ($31), each with a header of two name bytes, a 2-byte offset to the next array, a
//! dimension count and the dimension sizes (2 bytes each, high byte first, last dimension
//! first), then the elements (5 bytes per float, 2 per integer, 3 per string descriptor)
//! with the first subscript varying fastest. The name bytes carry the type: bit 7 of both for
//! an integer (`%`), of the second for a string (`$`). Floats are the 5-byte format:
//! exponent (bias 128, 0 = zero), then four mantissa bytes, most significant first, whose top
//! bit holds the sign.

/// A variable's value.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Float(f64),
    Int(i16),
    Str(Vec<u8>),
}

impl Value {
    /// The numeric value, if it is a number.
    pub fn number(&self) -> Option<f64> {
        match self {
            Value::Float(f) => Some(*f),
            Value::Int(i) => Some(*i as f64),
            Value::Str(_) => None,
        }
    }
}

/// Decode a packed 5-byte BASIC float.
pub fn unpack_float(b: &[u8]) -> f64 {
    if b[0] == 0 {
        return 0.0;
    }
    let mantissa = u32::from_be_bytes([b[1] | 0x80, b[2], b[3], b[4]]) as f64;
    let v = mantissa / 4_294_967_296.0 * 2f64.powi(b[0] as i32 - 128);
    if b[1] & 0x80 != 0 { -v } else { v }
}

/// The two name bytes of a variable as BASIC stores them: `NAME`, `NAME%` or `NAME$`; only
/// the first two characters count, as in BASIC V2.
fn name_bytes(name: &str) -> Option<[u8; 2]> {
    let upper = name.to_ascii_uppercase();
    let (base, suffix) = match upper.strip_suffix('%') {
        Some(b) => (b, Some('%')),
        None => match upper.strip_suffix('$') {
            Some(b) => (b, Some('$')),
            None => (upper.as_str(), None),
        },
    };
    let mut chars = base.bytes().filter(|c| c.is_ascii_alphanumeric());
    let first = chars.next()?;
    let second = chars.next().unwrap_or(0);
    Some(match suffix {
        Some('%') => [first | 0x80, second | 0x80],
        Some(_) => [first, second | 0x80],
        None => [first, second],
    })
}

fn word(ram: &[u8; 0x10000], addr: usize) -> usize {
    u16::from_le_bytes([ram[addr & 0xFFFF], ram[(addr + 1) & 0xFFFF]]) as usize
}

fn value_at(ram: &[u8; 0x10000], addr: usize, kind: [u8; 2]) -> Value {
    let b: Vec<u8> = (0..5).map(|i| ram[(addr + i) & 0xFFFF]).collect();
    if kind[0] & 0x80 != 0 {
        Value::Int(i16::from_be_bytes([b[0], b[1]]))
    } else if kind[1] & 0x80 != 0 {
        let len = b[0] as usize;
        let ptr = u16::from_le_bytes([b[1], b[2]]) as usize;
        Value::Str((0..len).map(|i| ram[(ptr + i) & 0xFFFF]).collect())
    } else {
        Value::Float(unpack_float(&b))
    }
}

/// A simple variable's value, or `None` if the program has not created it.
pub fn read_var(ram: &[u8; 0x10000], name: &str) -> Option<Value> {
    let want = name_bytes(name)?;
    let (start, end) = (word(ram, 0x2D), word(ram, 0x2F));
    let mut p = start;
    while p + 7 <= end {
        if ram[p] == want[0] && ram[p + 1] == want[1] {
            return Some(value_at(ram, p + 2, want));
        }
        p += 7;
    }
    None
}

/// All elements of an array, in memory order (first subscript fastest), or `None`.
pub fn read_array(ram: &[u8; 0x10000], name: &str) -> Option<Vec<Value>> {
    let want = name_bytes(name)?;
    let (start, end) = (word(ram, 0x2F), word(ram, 0x31));
    let mut p = start;
    while p + 5 <= end {
        let next = word(ram, p + 2);
        if next == 0 {
            return None;
        }
        if ram[p] == want[0] && ram[p + 1] == want[1] {
            let dims = ram[p + 4] as usize;
            let mut count = 1usize;
            for d in 0..dims {
                count *= u16::from_be_bytes([ram[p + 5 + 2 * d], ram[p + 6 + 2 * d]]) as usize;
            }
            let size = if want[0] & 0x80 != 0 {
                2
            } else if want[1] & 0x80 != 0 {
                3
            } else {
                5
            };
            let first = p + 5 + 2 * dims;
            return Some(
                (0..count)
                    .map(|i| value_at(ram, first + i * size, want))
                    .collect(),
            );
        }
        p += next;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats_decode() {
        assert_eq!(unpack_float(&[0x81, 0x00, 0, 0, 0]), 1.0);
        assert_eq!(unpack_float(&[0x81, 0x80, 0, 0, 0]), -1.0);
        assert_eq!(unpack_float(&[0x84, 0x20, 0, 0, 0]), 10.0);
        assert_eq!(unpack_float(&[0x00, 0x12, 0x34, 0, 0]), 0.0);
        assert!(
            (unpack_float(&[0x82, 0x49, 0x0F, 0xDA, 0xA2]) - std::f64::consts::PI).abs() < 1e-9
        );
    }

    #[test]
    fn variables_and_arrays_are_found() {
        let mut ram = Box::new([0u8; 0x10000]);
        // VARTAB $1000: HP=20 (float), K$="AB", I%=-2; ARYTAB $1015: GX(2) floats.
        let set = |ram: &mut [u8; 0x10000], a: usize, v: u16| {
            ram[a..a + 2].copy_from_slice(&v.to_le_bytes())
        };
        set(&mut ram, 0x2D, 0x1000);
        set(&mut ram, 0x2F, 0x1015);
        ram[0x1000..0x1007].copy_from_slice(&[b'H', b'P', 0x85, 0x20, 0, 0, 0]);
        ram[0x1007..0x100E].copy_from_slice(&[b'K', 0x80, 2, 0x00, 0x20, 0, 0]);
        ram[0x2000..0x2002].copy_from_slice(b"AB");
        ram[0x100E..0x1015].copy_from_slice(&[b'I' | 0x80, 0x80, 0xFF, 0xFE, 0, 0, 0]);
        let arr = [
            b'G', b'X', 22, 0, 1, 0, 3, 0x81, 0, 0, 0, 0, 0x82, 0, 0, 0, 0, 0x82, 0x40, 0, 0, 0,
        ];
        ram[0x1015..0x1015 + arr.len()].copy_from_slice(&arr);
        set(&mut ram, 0x31, 0x1015 + arr.len() as u16);
        assert_eq!(read_var(&ram, "HP"), Some(Value::Float(20.0)));
        assert_eq!(
            read_var(&ram, "HPX"),
            Some(Value::Float(20.0)),
            "two significant characters"
        );
        assert_eq!(read_var(&ram, "K$"), Some(Value::Str(b"AB".to_vec())));
        assert_eq!(read_var(&ram, "I%"), Some(Value::Int(-2)));
        assert_eq!(read_var(&ram, "Q"), None);
        let gx: Vec<f64> = read_array(&ram, "GX")
            .unwrap()
            .iter()
            .map(|v| v.number().unwrap())
            .collect();
        assert_eq!(gx, vec![1.0, 2.0, 3.0]);
        assert_eq!(read_array(&ram, "GY"), None);
    }
}
