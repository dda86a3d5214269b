//! The arithmetic of the float package stated in plain Rust, as a specification to test the
//! 6502 code against: FAC is an exponent, a 40-bit mantissa (32 bits and the rounding byte)
//! and a sign; ARG has 32 bits (it always comes from a packed float).
//!
//! - Addition aligns the operand with the smaller exponent by shifting it right; bits that
//!   leave the 40-bit register are lost. Magnitudes are added or subtracted in 40 bits, a
//!   carry shifts the sum right (the exponent grows), a difference is normalised left.
//!   Equal exponents and equal signs add one more unit of the rounding byte.
//! - Normalising gives zero when the top 32 bits are zero, whatever the rounding byte holds.
//! - Multiplication: FAC's five bytes from the lowest (the rounding byte) to the highest; a
//!   zero byte shifts the 40-bit accumulator right by 8 (by 9 when the byte before it was zero
//!   too); otherwise, for each of its bits, ARG's mantissa is added into the top 32 bits of
//!   the accumulator when the bit is set, then it shifts right once. The top byte always
//!   goes bit by bit.
//! - Products and quotients whose exponents sum to exactly $80 go on with exponent 0 and a
//!   positive sign (a product is then zero; a quotient may come out as a positive number).
//! - Division: the divisor is FAC rounded to 32 bits; restoring division yields 34 quotient
//!   bits, which fill the mantissa and the top two bits of the rounding byte.
//! - Storing rounds half up on the magnitude, using the rounding byte's top bit.
//!
//! These rules were measured on genuine BASIC V2 by calling its documented entry points with
//! chosen FAC, rounding-byte and operand values.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fac {
    pub exp: u8,
    /// 40 bits: mantissa << 8 | rounding byte.
    pub m: u64,
    pub neg: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Err {
    Overflow,
    DivZero,
}

const TOP: u64 = 1 << 39;
const MASK: u64 = (1 << 40) - 1;

pub const ZERO: Fac = Fac {
    exp: 0,
    m: 0,
    neg: false,
};

impl Fac {
    pub fn unpack(v: [u8; 5]) -> Fac {
        let m = u32::from_be_bytes([v[1] | 0x80, v[2], v[3], v[4]]) as u64;
        Fac {
            exp: v[0],
            m: m << 8,
            neg: v[1] & 0x80 != 0,
        }
    }

    pub fn is_zero(&self) -> bool {
        self.exp == 0
    }

    /// Round to 32 bits (what MOVMF stores, FAC keeps the rounded value).
    pub fn rounded(self) -> Result<Fac, Err> {
        if self.exp == 0 {
            return Ok(self);
        }
        let mut m32 = self.m >> 8;
        let mut exp = self.exp;
        if self.m & 0x80 != 0 {
            m32 += 1;
            if m32 == 1 << 32 {
                m32 = 1 << 31;
                if exp == 255 {
                    return Err(Err::Overflow);
                }
                exp += 1;
            }
        }
        Ok(Fac {
            exp,
            m: m32 << 8,
            neg: self.neg,
        })
    }

    pub fn pack(self) -> Result<[u8; 5], Err> {
        let r = self.rounded()?;
        if r.exp == 0 {
            return Ok([0, 0, 0, 0, 0]);
        }
        let b = ((r.m >> 8) as u32).to_be_bytes();
        Ok([
            r.exp,
            (b[0] & 0x7F) | if r.neg { 0x80 } else { 0 },
            b[1],
            b[2],
            b[3],
        ])
    }

    /// Shift left until the top bit is set; an exponent that reaches 0 gives zero.
    fn normalised(exp: i32, m: u64, neg: bool) -> Fac {
        if m == 0 {
            return ZERO;
        }
        if m >> 8 == 0 {
            return ZERO;
        }
        let mut m = m;
        let mut exp = exp;
        while m & TOP == 0 {
            m <<= 1;
            exp -= 1;
        }
        if exp <= 0 {
            return ZERO;
        }
        Fac {
            exp: exp as u8,
            m: m & MASK,
            neg,
        }
    }
}

/// FAC = ARG + FAC.
pub fn add(arg: Fac, fac: Fac) -> Result<Fac, Err> {
    if fac.is_zero() {
        return Ok(Fac {
            m: arg.m & !0xFF,
            ..arg
        });
    }
    if arg.is_zero() {
        return Ok(fac);
    }
    let d = arg.exp as i32 - fac.exp as i32;
    let shr = |m: u64, n: i32| if n >= 40 { 0 } else { m >> n };
    // (staying operand, shifted operand, exponent, sign of the staying one)
    let (u, s, exp, sign) = if d > 0 {
        (arg.m, shr(fac.m, d), arg.exp, arg.neg)
    } else {
        (fac.m, shr(arg.m, -d), fac.exp, fac.neg)
    };
    if arg.neg == fac.neg {
        let sum = u + s + u64::from(d == 0);
        if sum > MASK {
            if exp == 255 {
                return Err(Err::Overflow);
            }
            return Ok(Fac {
                exp: exp + 1,
                m: sum >> 1,
                neg: sign,
            });
        }
        Ok(Fac {
            exp,
            m: sum,
            neg: sign,
        })
    } else if u >= s {
        Ok(Fac::normalised(exp as i32, u - s, sign))
    } else {
        Ok(Fac::normalised(exp as i32, s - u, !sign))
    }
}

/// FAC = ARG - FAC.
pub fn sub(arg: Fac, fac: Fac) -> Result<Fac, Err> {
    add(
        arg,
        Fac {
            neg: !fac.neg,
            ..fac
        },
    )
}

/// Exponent of a product (a = the other exponent, after FDIV's negation); None = zero.
/// A sum of exactly $80 gives exponent 0 (and, at the callers, a positive sign).
fn combine(a: u8, facexp: u8) -> Result<Option<u8>, Err> {
    if a == 0 {
        return Ok(None);
    }
    let s = a as u32 + facexp as u32;
    if s >= 0x180 {
        return Err(Err::Overflow);
    }
    if s < 0x80 {
        return Ok(None);
    }
    Ok(Some((s - 0x80) as u8))
}

/// FAC = ARG * FAC.
pub fn mul(arg: Fac, fac: Fac) -> Result<Fac, Err> {
    if fac.is_zero() {
        return Ok(fac);
    }
    let Some(exp) = combine(arg.exp, fac.exp)? else {
        return Ok(ZERO);
    };
    if exp == 0 {
        return Ok(ZERO);
    }
    let a = arg.m >> 8; // 32 bits
    let mut r: u64 = 0;
    let mut zeros = 0;
    for byte in 0..5 {
        let b = (fac.m >> (8 * byte)) as u8;
        if b == 0 && byte < 4 {
            r >>= if zeros > 0 { 9 } else { 8 };
            zeros += 1;
            continue;
        }
        zeros = 0;
        for bit in 0..8 {
            if b >> bit & 1 != 0 {
                r += a << 8;
            }
            r >>= 1;
        }
    }
    Ok(Fac::normalised(exp as i32, r, arg.neg != fac.neg))
}

/// FAC = ARG / FAC.
pub fn div(arg: Fac, fac: Fac) -> Result<Fac, Err> {
    if fac.is_zero() {
        return Err(Err::DivZero);
    }
    let fac = fac.rounded()?;
    let Some(exp) = combine(arg.exp, 0u8.wrapping_sub(fac.exp))? else {
        return Ok(ZERO);
    };
    let neg = exp != 0 && arg.neg != fac.neg;
    if exp == 255 {
        return Err(Err::Overflow);
    }
    let v = fac.m >> 8;
    let mut d = arg.m >> 8;
    let mut q: u64 = 0;
    for _ in 0..34 {
        q <<= 1;
        if d >= v {
            d -= v;
            q |= 1;
        }
        d <<= 1;
    }
    Ok(Fac::normalised(exp as i32 + 1, q << 6, neg))
}

/// FCOMP: compare FAC with a packed float: 0 equal, 1 FAC greater, -1 FAC smaller. The
/// rounding byte rounds FAC's last byte up, without carrying into the bytes above it.
pub fn compare(fac: Fac, mem: [u8; 5]) -> i8 {
    let sign_of_fac = |f: &Fac| if f.neg { -1 } else { 1 };
    if mem[0] == 0 {
        return if fac.is_zero() { 0 } else { sign_of_fac(&fac) };
    }
    if (mem[1] & 0x80 != 0) != fac.neg {
        return sign_of_fac(&fac);
    }
    let mb = [mem[0], mem[1] | 0x80, mem[2], mem[3]];
    let fb = [
        fac.exp,
        (fac.m >> 32) as u8,
        (fac.m >> 24) as u8,
        (fac.m >> 16) as u8,
    ];
    // mem magnitude greater?
    let greater = if mb != fb {
        mb > fb
    } else {
        let round = u16::from(fac.m & 0x80 != 0);
        let lo = u16::from((fac.m >> 8) as u8) + round;
        let diff = (u16::from(mem[4]).wrapping_sub(lo)) & 0x1FF;
        if diff & 0xFF == 0 {
            return 0;
        }
        u16::from(mem[4]) >= lo
    };
    let fac_smaller = greater != fac.neg;
    if fac_smaller { -1 } else { 1 }
}

/// floor(FAC) of the 40-bit value, as the package's QINT gives it (two's complement, 32 bits).
pub fn qint(fac: Fac) -> u32 {
    if fac.is_zero() {
        return 0;
    }
    let n = 0xA0i32 - fac.exp as i32;
    let n = n.max(0);
    if !fac.neg {
        if n >= 40 {
            0
        } else {
            ((fac.m >> n) >> 8) as u32
        }
    } else {
        let m = fac.m - 1;
        let t = if n >= 40 { 0 } else { (m >> n) >> 8 };
        !(t as u32)
    }
}
