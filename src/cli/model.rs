//! `--model`, `--vic`, `--cia`, `--sid`, `--plus60k` and `--plus256k`: which C64 a
//! command runs; `--cartridge`,
//! `--reu`, `--georam`, `--ramcart`, `--dqbb` and `--isepic`: what is plugged into its
//! expansion port.

use breadbin::c64::Model;
use breadbin::c64::model::{self, CiaModel, RamUpgrade, SidModel, VicModel};
use breadbin::host::cartridge::PortDevice;
use clap::Args;

#[derive(Args, Debug, Clone, Default)]
pub(crate) struct ModelArgs {
    /// The C64: c64 (PAL: 6569, 6526, 6581), c64c (PAL: 8565, 6526A, 8580), ntsc (6567R8,
    /// 6526, 6581) or ntsc-old (6567R56A, 6526, 6581).
    #[arg(long, value_name = "MODEL", value_parser = parse_preset)]
    pub model: Option<Model>,
    /// The VIC-II, overriding the model's: 6569, 6567r8, 6567r56a or 8565 (an NTSC chip
    /// brings NTSC clocks).
    #[arg(long, value_name = "CHIP", value_parser = parse_vic)]
    pub vic: Option<VicModel>,
    /// The CIAs, overriding the model's: 6526 or 6526a.
    #[arg(long, value_name = "CHIP", value_parser = parse_cia)]
    pub cia: Option<CiaModel>,
    /// The SID, overriding the model's: 6581 or 8580.
    #[arg(long, value_name = "CHIP", value_parser = parse_sid)]
    pub sid: Option<SidModel>,
    /// RAM fitted inside the C64: a +60K (a second bank for $1000-$FFFF, register $D100).
    #[arg(long)]
    pub plus60k: bool,
    /// RAM fitted inside the C64: a +256K (four banks, register $D100).
    #[arg(long, conflicts_with = "plus60k")]
    pub plus256k: bool,
}

/// What is plugged into the expansion port (the window and `run`).
#[derive(Args, Debug, Clone, Default)]
pub(crate) struct PortArgs {
    /// A cartridge image (.crt) in the expansion port at power-on.
    #[arg(long, value_name = "FILE.crt")]
    pub cartridge: Option<std::path::PathBuf>,
    /// Save what the machine writes to the cartridge's flash (EasyFlash) back to FILE.crt
    /// when it stops (written under a temporary name, then renamed over it); without it the
    /// writes are kept in memory only.
    #[arg(long, requires = "cartridge")]
    pub cartridge_write: bool,
    /// A RAM Expansion Unit in the expansion port: 128k (1700), 256k (1764), 512k (1750),
    /// or a larger unit up to 16m.
    #[arg(long, value_name = "SIZE", value_parser = parse_reu)]
    pub reu: Option<u32>,
    /// A GeoRAM in the expansion port: 64k to 4m (512k is the common one).
    #[arg(long, value_name = "SIZE", value_parser = parse_georam,
          conflicts_with = "reu")]
    pub georam: Option<u32>,
    /// A RamCart in the expansion port: 64k or 128k.
    #[arg(long, value_name = "SIZE", value_parser = parse_ramcart,
          conflicts_with_all = ["reu", "georam"])]
    pub ramcart: Option<u32>,
    /// A Double Quick Brown Box (16 KiB of RAM as a cartridge) in the expansion port.
    #[arg(long, conflicts_with_all = ["reu", "georam", "ramcart"])]
    pub dqbb: bool,
    /// An Isepic (2 KiB of RAM at $DF00, its switch on) in the expansion port.
    #[arg(long, conflicts_with_all = ["reu", "georam", "ramcart", "dqbb"])]
    pub isepic: bool,
}

impl PortArgs {
    /// The device asked for, if any.
    pub(crate) fn device(&self) -> Option<PortDevice> {
        let ram = if let Some(k) = self.reu {
            Some(PortDevice::Reu(k))
        } else if let Some(k) = self.georam {
            Some(PortDevice::GeoRam(k))
        } else if let Some(k) = self.ramcart {
            Some(PortDevice::RamCart(k))
        } else if self.dqbb {
            Some(PortDevice::Dqbb)
        } else if self.isepic {
            Some(PortDevice::Isepic)
        } else {
            None
        };
        match &self.cartridge {
            // A RAM expansion given with a cartridge goes into the cartridge's own port.
            Some(p) => Some(PortDevice::Cartridge(p.clone(), ram.map(Box::new))),
            None => ram,
        }
    }
}

fn parse_georam(s: &str) -> Result<u32, String> {
    let k = breadbin::cart::kib(s)
        .ok_or_else(|| format!("'{s}' is not a size (64k, 128k, ... 512k, ... 4m)"))?;
    breadbin::cart::georam::GeoRam::new(k)?;
    Ok(k)
}

fn parse_ramcart(s: &str) -> Result<u32, String> {
    let k = breadbin::cart::kib(s).ok_or_else(|| format!("'{s}' is not a size (64k or 128k)"))?;
    breadbin::cart::ramcart::RamCart::new(k)?;
    Ok(k)
}

fn parse_reu(s: &str) -> Result<u32, String> {
    let k = breadbin::cart::kib(s)
        .ok_or_else(|| format!("'{s}' is not a size (128k, 256k, 512k, 1m, ... 16m)"))?;
    breadbin::cart::reu::Reu::new(k)?;
    Ok(k)
}

impl ModelArgs {
    /// The model asked for, if this build runs it.
    pub(crate) fn model(&self) -> Result<Model, String> {
        let mut m = self.model.unwrap_or_default();
        if let Some(v) = self.vic {
            m = m.with_vic(v);
        }
        if let Some(c) = self.cia {
            m.cia = c;
        }
        if let Some(s) = self.sid {
            m.sid = s;
        }
        if self.plus60k {
            m.ram = RamUpgrade::Plus60k;
        }
        if self.plus256k {
            m.ram = RamUpgrade::Plus256k;
        }
        m.check().map_err(|e| e.to_string())?;
        Ok(m)
    }
}

fn parse_preset(s: &str) -> Result<Model, String> {
    Model::preset(s).ok_or_else(|| {
        let names: Vec<&str> = model::PRESETS.iter().map(|(n, _)| *n).collect();
        format!("'{s}' is not a model; the models are {}", names.join(", "))
    })
}

fn parse_vic(s: &str) -> Result<VicModel, String> {
    VicModel::from_name(s)
        .ok_or_else(|| format!("'{s}' is not a VIC-II: 6569, 6567r8, 6567r56a or 8565"))
}

fn parse_cia(s: &str) -> Result<CiaModel, String> {
    model::cia_from_name(s).ok_or_else(|| format!("'{s}' is not a CIA: 6526 or 6526a"))
}

fn parse_sid(s: &str) -> Result<SidModel, String> {
    model::sid_from_name(s).ok_or_else(|| format!("'{s}' is not a SID: 6581 or 8580"))
}
