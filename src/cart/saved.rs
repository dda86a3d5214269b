//! The expansion port's device in a save state: each kind of device by name, with all it
//! holds (ROM, flash, RAM and registers), so that a state loads with what was in the port
//! when it was saved. A device of a kind this list lacks cannot be saved: adding a device
//! means adding it here (`tests/save_state.rs` saves every one).

use super::{
    banked::Banked, dqbb::Dqbb, easyflash::EasyFlash, final3::Final3, generic::Generic,
    georam::GeoRam, gmod2::GMod2, isepic::Isepic, pagefox::Pagefox, passthrough::PassThrough,
    ramcart::RamCart, replay::Replay, reu::Reu, supergames::SuperGames,
};
use crate::chips::expansion::{Empty, Expansion, Slot};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::any::Any;

// Made only while a state is written or read: its size does not matter.
#[allow(clippy::large_enum_variant)]
#[derive(Serialize, Deserialize)]
enum Saved {
    Empty,
    Generic(Generic),
    Banked(Banked),
    SuperGames(SuperGames),
    EasyFlash(EasyFlash),
    Replay(Replay),
    Final3(Final3),
    GMod2(GMod2),
    Pagefox(Pagefox),
    Reu(Reu),
    GeoRam(GeoRam),
    RamCart(RamCart),
    Dqbb(Dqbb),
    Isepic(Isepic),
    PassThrough(Box<Saved>, Box<Saved>),
}

/// `device` as a `T`, cloned, if it is one.
fn as_a<T: Clone + 'static>(device: &dyn Expansion) -> Option<T> {
    let any: &dyn Any = device;
    any.downcast_ref::<T>().cloned()
}

fn saved(device: &dyn Expansion) -> Option<Saved> {
    let any: &dyn Any = device;
    if any.is::<Empty>() {
        return Some(Saved::Empty);
    }
    if let Some(p) = any.downcast_ref::<PassThrough>() {
        let (front, back) = p.parts();
        return Some(Saved::PassThrough(
            Box::new(saved(front)?),
            Box::new(saved(back)?),
        ));
    }
    None.or_else(|| as_a(device).map(Saved::Generic))
        .or_else(|| as_a(device).map(Saved::Banked))
        .or_else(|| as_a(device).map(Saved::SuperGames))
        .or_else(|| as_a(device).map(Saved::EasyFlash))
        .or_else(|| as_a(device).map(Saved::Replay))
        .or_else(|| as_a(device).map(Saved::Final3))
        .or_else(|| as_a(device).map(Saved::GMod2))
        .or_else(|| as_a(device).map(Saved::Pagefox))
        .or_else(|| as_a(device).map(Saved::Reu))
        .or_else(|| as_a(device).map(Saved::GeoRam))
        .or_else(|| as_a(device).map(Saved::RamCart))
        .or_else(|| as_a(device).map(Saved::Dqbb))
        .or_else(|| as_a(device).map(Saved::Isepic))
}

impl Saved {
    fn device(self) -> Result<Box<dyn Expansion>, String> {
        Ok(match self {
            Saved::Empty => Box::new(Empty),
            Saved::Generic(d) => Box::new(d),
            Saved::Banked(d) => Box::new(d),
            Saved::SuperGames(d) => Box::new(d),
            Saved::EasyFlash(d) => Box::new(d),
            Saved::Replay(d) => Box::new(d),
            Saved::Final3(d) => Box::new(d),
            Saved::GMod2(d) => Box::new(d),
            Saved::Pagefox(d) => Box::new(d),
            Saved::Reu(d) => Box::new(d),
            Saved::GeoRam(d) => Box::new(d),
            Saved::RamCart(d) => Box::new(d),
            Saved::Dqbb(d) => Box::new(d),
            Saved::Isepic(d) => Box::new(d),
            Saved::PassThrough(front, back) => {
                Box::new(PassThrough::new(front.device()?, back.device()?)?)
            }
        })
    }
}

/// Whether a save state can hold `device`.
pub fn can_save(device: &dyn Expansion) -> bool {
    saved(device).is_some()
}

pub(crate) fn serialize<S: Serializer>(slot: &Slot, s: S) -> Result<S::Ok, S::Error> {
    use serde::ser::Error as _;
    saved(&*slot.0)
        .ok_or_else(|| S::Error::custom("the expansion port holds a device save states lack"))?
        .serialize(s)
}

pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Slot, D::Error> {
    use serde::de::Error as _;
    Saved::deserialize(d)?
        .device()
        .map(Slot)
        .map_err(D::Error::custom)
}
