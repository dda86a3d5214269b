//! Cartridges: each type as a device on the expansion port
//! ([`crate::chips::expansion::Expansion`]), made from a CRT image ([`crate::media::crt`]).
//! A cartridge sees only what the port shows it (the selects ROML, ROMH, I/O 1 and I/O 2,
//! the address and the data) and drives only the port's lines.
//!
//! Types so far: the generic 8K, 16K and Ultimax cartridges ([`generic`]), the game
//! cartridges that only switch ROM banks ([`banked`]: Ocean, Magic Desk, ...), EasyFlash
//! ([`easyflash`]), the Action Replay family ([`replay`]), the Final Cartridge III
//! ([`final3`]), GMod2 ([`gmod2`]), Super Games ([`supergames`]),
//! Pagefox ([`pagefox`]). RAM expansions,
//! made from a size rather than an image: the REU ([`reu`]), GeoRAM ([`georam`]), RamCart
//! ([`ramcart`]), the Double Quick Brown Box ([`dqbb`]) and Isepic's RAM ([`isepic`]).
//!
//! Its place among the layers: ARCHITECTURE.md.

pub mod banked;
pub mod dqbb;
pub mod easyflash;
pub mod eeprom;
pub mod final3;
mod flash;
pub mod freeze;
pub mod generic;
pub mod georam;
pub mod gmod2;
pub mod isepic;
pub mod pagefox;
pub mod passthrough;
pub mod ramcart;
pub mod replay;
pub mod reu;
pub mod saved;
pub mod supergames;

use crate::chips::expansion::Expansion;
use crate::media::crt::Crt;

/// The CRT hardware type numbers breadbin has (VICE's cartridge list numbers them), with
/// their names.
pub const TYPES: &[(u16, &str)] = &[
    (0, "generic 8K/16K/Ultimax"),
    (1, "Action Replay"),
    (3, "Final Cartridge III"),
    (4, "Simons' BASIC"),
    (5, "Ocean"),
    (7, "Fun Play/Power Play"),
    (8, "Super Games"),
    (9, "Nordic Power"),
    (15, "C64 Game System/System 3"),
    (17, "Dinamic"),
    (18, "Zaxxon/Super Zaxxon"),
    (19, "Magic Desk/Domark/HES Australia"),
    (32, "EasyFlash"),
    (36, "Retro Replay/Nordic Replay"),
    (53, "Pagefox"),
    (60, "GMod2"),
];

/// The device for `crt`, or why there is none: a type breadbin does not have, or an image
/// that does not fit its type. The message names neither file nor offset (the caller adds
/// the file).
pub fn from_crt(crt: &Crt) -> Result<Box<dyn Expansion>, String> {
    match crt.hardware {
        0 => Ok(Box::new(generic::Generic::from_crt(crt)?)),
        3 => Ok(Box::new(final3::Final3::from_crt(crt)?)),
        8 => Ok(Box::new(supergames::SuperGames::from_crt(crt)?)),
        32 => Ok(Box::new(easyflash::EasyFlash::from_crt(crt)?)),
        53 => Ok(Box::new(pagefox::Pagefox::from_crt(crt)?)),
        60 => Ok(Box::new(gmod2::GMod2::from_crt(crt)?)),

        1 | 9 | 36 => {
            let kind = match (crt.hardware, crt.subtype) {
                (1, _) => replay::Kind::ActionReplay,
                (9, _) => replay::Kind::NordicPower,
                (_, 1) => replay::Kind::NordicReplay,
                _ => replay::Kind::RetroReplay,
            };
            Ok(Box::new(replay::Replay::from_crt(kind, crt)?))
        }
        n => match banked::Scheme::of(n) {
            Some(scheme) => Ok(Box::new(banked::Banked::from_crt(scheme, crt)?)),
            None => Err(format!(
                "cartridge type {n} is not one breadbin has (it has: {})",
                TYPES
                    .iter()
                    .map(|(n, name)| format!("{n} {name}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
        },
    }
}

/// The ROM of an image whose chips are whole banks of `size` bytes at $8000, numbered
/// below `most`, laid out by bank number (gaps $FF), or why not: `layout` says what the
/// type has, in the refusal.
fn rom_banks(crt: &Crt, size: usize, most: usize, layout: &str) -> Result<Vec<u8>, String> {
    let mut rom = Vec::new();
    for (i, chip) in crt.chips.iter().enumerate() {
        let bank = usize::from(chip.bank);
        if chip.load != 0x8000 || chip.data.len() != size || bank >= most {
            return Err(format!(
                "CHIP packet {}: {} at ${:04X} in bank {bank} ({layout})",
                i + 1,
                crate::basic::bytes(chip.data.len()),
                chip.load
            ));
        }
        if rom.len() < (bank + 1) * size {
            rom.resize((bank + 1) * size, 0xFF);
        }
        rom[bank * size..(bank + 1) * size].copy_from_slice(&chip.data);
    }
    if rom.is_empty() {
        return Err("no ROM in the image".into());
    }
    Ok(rom)
}

/// A size as the options write it: `512k`, `16m` (KiB or MiB), in KiB.
pub fn kib(text: &str) -> Option<u32> {
    let lower = text.to_ascii_lowercase();
    let (digits, scale) = match lower.strip_suffix('k') {
        Some(d) => (d, 1),
        None => (lower.strip_suffix('m')?, 1024),
    };
    digits.parse::<u32>().ok()?.checked_mul(scale)
}

/// The RAM expansion an option names, as the VICE test bench's lists write them
/// (`reu512k`, `reu16m`, `geo512k`, ...): `None` when `word` names none, else the device or
/// why breadbin cannot make it.
pub fn from_option(word: &str) -> Option<Result<Box<dyn Expansion>, String>> {
    if let Some(size) = word.strip_prefix("reu") {
        return Some(match kib(size) {
            Some(k) => reu::Reu::new(k).map(|r| Box::new(r) as Box<dyn Expansion>),
            None => Err(format!("{word}: not a size (128k to 16m)")),
        });
    }
    if let Some(size) = word.strip_prefix("geo") {
        return Some(match kib(size) {
            Some(k) => georam::GeoRam::new(k).map(|r| Box::new(r) as Box<dyn Expansion>),
            None => Err(format!("{word}: not a size (64k to 4m)")),
        });
    }
    if let Some(size) = word.strip_prefix("ramcart") {
        return Some(match kib(size) {
            Some(k) => ramcart::RamCart::new(k).map(|r| Box::new(r) as Box<dyn Expansion>),
            None => Err(format!("{word}: not a size (64k or 128k)")),
        });
    }
    match word {
        "dqbb" => Some(Ok(Box::new(dqbb::Dqbb::new()))),
        "isepic" => Some(Ok(Box::new(isepic::Isepic::new()))),
        _ => None,
    }
}
