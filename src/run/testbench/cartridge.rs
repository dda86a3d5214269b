//! Runs with a cartridge in the expansion port (a list's `cartridge` column): the machine is
//! powered on with the cartridge plugged in. A run that names no program passes or fails by
//! what the cartridge's own program writes to $D7FF; one that names a program has it started
//! at BASIC's prompt, as every other run.

use super::{BOOT_SECONDS, Ending, run_to_exit, to_start_point};
use crate::c64::roms::Roms;
use crate::c64::{C64, Model};
use crate::chips::expansion::Expansion;
use crate::host::autostart;
use crate::media::Program;

/// Power on `model` with `cart` plugged in; start `program` at the prompt if there is one;
/// run until the first write to $D7FF or `limit` cycles from power-on.
pub(super) fn run(
    roms: &Roms,
    model: Model,
    cart: &dyn Expansion,
    program: Option<&Program>,
    limit: u64,
) -> Ending {
    let Ok(mut c64) = C64::with_model(roms.clone(), model) else {
        return Ending::NotRun;
    };
    c64.set_render(false);
    c64.plug(cart.boxed_clone());
    if let Some(p) = program {
        let boot = BOOT_SECONDS * model.clock_hz;
        if !autostart::run_until_ready(&mut c64, boot.min(limit)) {
            return Ending::Timeout;
        }
        to_start_point(&mut c64, limit);
        autostart::start_program(&mut c64, p);
    }
    run_to_exit(c64, limit)
}
