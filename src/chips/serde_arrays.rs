//! Serde for arrays longer than serde's own impls cover, inline or boxed: the chips' and
//! the machine's large tables in save states.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

pub(crate) fn serialize<S: Serializer, T: Serialize, const N: usize>(
    a: &[T; N],
    s: S,
) -> Result<S::Ok, S::Error> {
    a[..].serialize(s)
}

pub(crate) fn deserialize<'de, D: Deserializer<'de>, T: Deserialize<'de>, const N: usize>(
    d: D,
) -> Result<[T; N], D::Error> {
    let v = Vec::<T>::deserialize(d)?;
    let n = v.len();
    v.try_into()
        .map_err(|_| D::Error::custom(format!("{n} elements where {N} belong")))
}

/// The same for `Box<[T; N]>`.
pub(crate) mod boxed {
    use super::*;

    pub(crate) use super::serialize;

    pub(crate) fn deserialize<'de, D: Deserializer<'de>, T: Deserialize<'de>, const N: usize>(
        d: D,
    ) -> Result<Box<[T; N]>, D::Error> {
        super::deserialize::<D, T, N>(d).map(Box::new)
    }
}
