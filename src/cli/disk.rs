//! `breadbin disk`: make, list, read, write, repair and check 1541 disk images from the
//! command line, on the file system of `media::disk::fs`. Every change is written to a
//! temporary file beside the image and renamed over it; an error leaves the image as it was
//! and gives one line naming the image (and the block, when there is one).

use breadbin::media::disk::{self, D64, DirEntry, FileType, FsError, Image};
use clap::{Args, Subcommand};
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Args, Debug)]
#[command(after_help = NAMES_HELP)]
pub(crate) struct DiskArgs {
    #[command(subcommand)]
    cmd: DiskCmd,
}

const NAMES_HELP: &str = "\
File names on the disk are PETSCII. On the command line letters of either case stand for \
the C64's unshifted letters (shown upper case), \\ ^ _ ~ for £ ↑ ← π, {$xx} for any other \
code; listings show them the same way. In patterns `*` matches the rest of a name and `?` \
any one character. G64 images can be listed, read and checked (their tracks decoded), not \
written.";

#[derive(Subcommand, Debug)]
enum DiskCmd {
    /// Make a freshly formatted, empty disk image.
    ///
    /// An existing file is refused unless --force is given.
    New {
        /// The disk image (.d64; .g64 for list, get and check).
        image: PathBuf,
        /// The disk's name (up to 16 characters) and its two-character ID.
        #[arg(value_name = "NAME,ID")]
        name: String,
        /// 35 or 40 tracks. Tracks 36-40 stay blank: the 1541's BAM has no room for them,
        /// so no file goes there and BLOCKS FREE does not count them.
        #[arg(long, default_value_t = 35, value_parser = tracks)]
        tracks: u8,
        /// Replace an existing file.
        #[arg(long)]
        force: bool,
    },
    /// Show the directory as LOAD"$",8 and LIST show it.
    ///
    /// The header line with the disk name, ID and DOS type, then one line a file: its size
    /// in blocks, its name in quotes, `*` before the type of a file never closed, `<` after
    /// the type of a locked one; then the blocks free (tracks 1-35 but 18).
    List {
        /// The disk image (.d64; .g64 for list, get and check).
        image: PathBuf,
        /// Print it as JSON: name, id, dos_type, blocks_free and the files.
        #[arg(long)]
        json: bool,
    },
    /// Copy a local file onto the disk as a new file.
    ///
    /// A PRG file is the local file's bytes, load address included. The file goes where a
    /// 1541 would put it (near track 18, ten sectors apart). An existing name is refused,
    /// unless NAME starts with `@` (`@0:NAME`, `@:NAME`): then the old file is replaced, as
    /// the 1541's save with replace does. An empty local file is refused.
    Put {
        /// The disk image (.d64; .g64 for list, get and check).
        image: PathBuf,
        /// The file to copy.
        local: PathBuf,
        /// The name on the disk (default: the local file's name without its extension,
        /// upper case).
        name: Option<String>,
        /// prg, seq, usr or rel (default: prg; rel when --record-length is given).
        #[arg(long = "type", value_name = "TYPE", value_parser = file_type)]
        kind: Option<FileType>,
        /// A REL file's record length, 1-254: the local file is its records one after
        /// another (the last padded with zeros).
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=254))]
        record_length: Option<u8>,
    },
    /// Copy a file from the disk to a local file.
    ///
    /// The first file matching NAME (patterns allowed), its bytes as LOAD reads them (a REL
    /// file's records one after another). A file never closed is refused.
    Get {
        /// The disk image (.d64; .g64 for list, get and check).
        image: PathBuf,
        /// The file's name on the disk, or a pattern (`*`, `?`).
        name: String,
        /// The local file, replaced if it exists (default: the name in lower case with
        /// .prg, .seq, .usr, .rel or .del, in the current folder).
        local: Option<PathBuf>,
    },
    /// Scratch files.
    ///
    /// Every file matching each NAME (patterns allowed): its directory entry emptied, its
    /// blocks (side sectors too) freed. Locked files stay; a NAME matching no file is an
    /// error, and then nothing is scratched.
    Delete {
        /// The disk image (.d64; .g64 for list, get and check).
        image: PathBuf,
        /// Names or patterns (`*`, `?`) of the files to scratch.
        #[arg(required = true, value_name = "NAME")]
        names: Vec<String>,
    },
    /// Rename a file.
    ///
    /// The first file matching OLD gets the name NEW, which no file may have yet.
    Rename {
        /// The disk image (.d64; .g64 for list, get and check).
        image: PathBuf,
        /// The file's name, or a pattern (`*`, `?`): the first file matching it.
        old: String,
        /// Its new name (1-16 characters, without `*?,:"`).
        new: String,
    },
    /// Rebuild the BAM, as the 1541's V command does.
    ///
    /// Every block is marked free but the BAM's, the directory's and those of the closed
    /// files' chains (side sectors too); files never closed are removed. A chain that cannot
    /// be followed stops it, naming the block, the image unchanged.
    Validate {
        /// The disk image (.d64).
        image: PathBuf,
    },
    /// Check the file system without changing it.
    ///
    /// Reports each block the BAM marks free that a chain uses, each block marked used that
    /// none does, free counts that disagree with their bitmaps, blocks in two chains
    /// (cross-links), loops and links off the disk in the directory or a file, last blocks
    /// whose last-byte index is below 2, block counts the chains disagree with, files never
    /// closed and REL side sectors that disagree with their file. Exit status 0 when clean,
    /// 1 with one line per problem.
    Check {
        /// The disk image (.d64; .g64 for list, get and check).
        image: PathBuf,
        /// Print the result as JSON: clean, and the problems (track, sector, message).
        #[arg(long)]
        json: bool,
    },
}

fn tracks(s: &str) -> Result<u8, String> {
    match s {
        "35" => Ok(35),
        "40" => Ok(40),
        _ => Err(format!("{s}: a disk has 35 or 40 tracks")),
    }
}

fn file_type(s: &str) -> Result<FileType, String> {
    FileType::parse(s)
        .filter(|&t| t != FileType::Del)
        .ok_or_else(|| format!("{s}: the type is prg, seq, usr or rel"))
}

pub(crate) fn disk(a: &DiskArgs) -> Result<ExitCode, String> {
    match &a.cmd {
        DiskCmd::New {
            image,
            name,
            tracks,
            force,
        } => new(image, name, *tracks, *force),
        DiskCmd::List { image, json } => list(image, *json),
        DiskCmd::Put {
            image,
            local,
            name,
            kind,
            record_length,
        } => put(image, local, name.as_deref(), *kind, *record_length),
        DiskCmd::Get { image, name, local } => get(image, name, local.as_deref()),
        DiskCmd::Delete { image, names } => change(image, |d| {
            let patterns = names
                .iter()
                .map(|n| petscii(n))
                .collect::<Result<Vec<_>, _>>()?;
            let refs: Vec<&[u8]> = patterns.iter().map(Vec::as_slice).collect();
            let gone = d.scratch(&refs)?;
            let names: Vec<String> = gone
                .iter()
                .map(|n| format!("\"{}\"", disk::fs::name_text(n)))
                .collect();
            Ok(format!("scratched {}", names.join(", ")))
        }),
        DiskCmd::Rename { image, old, new } => change(image, |d| {
            d.rename(&petscii(old)?, &petscii(new)?)
                .map(|_| String::new())
        }),
        DiskCmd::Validate { image } => change(image, |d| {
            let v = d.validate()?;
            let mut msg = format!("{} blocks free", v.blocks_free);
            for n in &v.removed {
                msg += &format!("; removed \"{}\" (never closed)", disk::fs::name_text(n));
            }
            Ok(msg)
        }),
        DiskCmd::Check { image, json } => check(image, *json),
    }
}

/// A name from the command line as PETSCII.
fn petscii(text: &str) -> Result<Vec<u8>, FsError> {
    disk::fs::name_bytes(text).map_err(|e| FsError {
        block: None,
        message: format!("\"{text}\": {e}"),
    })
}

/// The image at `path` as sectors (a G64 decoded).
fn read(path: &Path) -> Result<D64, String> {
    let image = disk::load_image(path).map_err(|e| e.to_string())?;
    image
        .to_d64()
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// A D64 to change; a G64 is refused.
fn read_writable(path: &Path) -> Result<D64, String> {
    match disk::load_image(path).map_err(|e| e.to_string())? {
        Image::D64(d) => Ok(d),
        Image::G64(_) => Err(format!(
            "{}: G64 images are read-only for breadbin disk",
            path.display()
        )),
    }
}

/// Write `bytes` to `path` atomically.
fn write(path: &Path, bytes: &[u8]) -> Result<(), String> {
    breadbin::host::output::write_all_or_none(&[(path, bytes)]).map_err(|e| e.to_string())
}

/// Read the image, change it with `f` (which says what it did), write it back if it
/// changed, and print `path: what`.
fn change(
    path: &Path,
    f: impl FnOnce(&mut D64) -> Result<String, FsError>,
) -> Result<ExitCode, String> {
    let mut d = read_writable(path)?;
    let before = d.to_bytes();
    let what = f(&mut d).map_err(|e| format!("{}: {e}", path.display()))?;
    let after = d.to_bytes();
    if after != before {
        write(path, &after)?;
    }
    if !what.is_empty() {
        println!("{}: {what}", path.display());
    }
    Ok(ExitCode::SUCCESS)
}

fn new(path: &Path, name: &str, tracks: u8, force: bool) -> Result<ExitCode, String> {
    let fail = |m: String| format!("{}: {m}", path.display());
    if disk::is_disk_image(path)
        && path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("g64"))
    {
        return Err(fail("breadbin disk new makes D64 images, not G64".into()));
    }
    if path.exists() && !force {
        return Err(fail("exists already (--force replaces it)".into()));
    }
    let (name, id) = name.rsplit_once(',').ok_or_else(|| {
        fail(format!(
            "\"{name}\": give the disk's name and ID as \"NAME,ID\""
        ))
    })?;
    let name = disk::fs::name_bytes(name).map_err(fail)?;
    let id = disk::fs::name_bytes(id).map_err(fail)?;
    if name.len() > 16 {
        return Err(fail(format!(
            "a disk name has 16 characters at most, not {}",
            name.len()
        )));
    }
    let id: [u8; 2] = id
        .try_into()
        .map_err(|id: Vec<u8>| fail(format!("a disk ID has 2 characters, not {}", id.len())))?;
    write(path, &D64::format(tracks, &name, id).to_bytes())?;
    Ok(ExitCode::SUCCESS)
}

/// One line of the directory listing for `e`: the blocks, then the quoted name from
/// column 5, padded so that the type starts at column 24 after `*` (never closed) or a
/// space, then `<` when locked. The padding counts the characters shown, so that a name
/// with `{$xx}` codes in it keeps the type column where it can.
pub(crate) fn entry_line(e: &DirEntry) -> String {
    let name = disk::fs::name_text(&e.name);
    let line = format!(
        "{:<4} \"{name}\"{}{}{}{}",
        e.blocks,
        " ".repeat(16usize.saturating_sub(name.chars().count())),
        if e.closed { ' ' } else { '*' },
        e.kind.name(),
        if e.locked { "<" } else { "" }
    );
    line.trim_end().to_string()
}

#[derive(Serialize)]
struct JsonDisk {
    name: String,
    id: String,
    dos_type: String,
    blocks_free: u16,
    files: Vec<JsonFile>,
}

#[derive(Serialize)]
struct JsonFile {
    name: String,
    #[serde(rename = "type")]
    kind: &'static str,
    blocks: u16,
    locked: bool,
    closed: bool,
    track: u8,
    sector: u8,
}

fn list(path: &Path, json: bool) -> Result<ExitCode, String> {
    let d = read(path)?;
    let files = d
        .entries()
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let h = d.header();
    let text = disk::fs::name_text;
    if json {
        let trimmed: Vec<u8> = h.name.iter().copied().take_while(|&b| b != 0xA0).collect();
        let out = JsonDisk {
            name: text(&trimmed),
            id: text(&h.id),
            dos_type: text(&h.id_and_dos[3..]),
            blocks_free: d.blocks_free(),
            files: files
                .iter()
                .map(|e| JsonFile {
                    name: text(&e.name),
                    kind: e.kind.name(),
                    blocks: e.blocks,
                    locked: e.locked,
                    closed: e.closed,
                    track: e.track,
                    sector: e.sector,
                })
                .collect(),
        };
        println!(
            "{}",
            serde_json::to_string_pretty(&out).map_err(|e| e.to_string())?
        );
        return Ok(ExitCode::SUCCESS);
    }
    let header = disk::fs::header_text;
    println!("0 \"{}\" {}", header(&h.name), header(&h.id_and_dos));
    for e in &files {
        println!("{}", entry_line(e));
    }
    println!("{} BLOCKS FREE.", d.blocks_free());
    Ok(ExitCode::SUCCESS)
}

fn put(
    path: &Path,
    local: &Path,
    name: Option<&str>,
    kind: Option<FileType>,
    record_length: Option<u8>,
) -> Result<ExitCode, String> {
    let fail = |e: FsError| format!("{}: {e}", path.display());
    let mut d = read_writable(path)?;
    let bytes =
        std::fs::read(local).map_err(|e| format!("{}: cannot read: {e}", local.display()))?;
    let name = match name {
        Some(n) => n.to_string(),
        None => {
            let stem = local
                .file_stem()
                .map(|s| s.to_string_lossy().to_uppercase())
                .unwrap_or_default();
            if stem.is_empty() || stem.chars().count() > 16 {
                return Err(format!(
                    "{}: give the name on the disk (NAME): a file name has 1 to 16 characters",
                    local.display()
                ));
            }
            stem
        }
    };
    let kind = kind.unwrap_or(if record_length.is_some() {
        FileType::Rel
    } else {
        FileType::Prg
    });
    let e = d
        .put(&petscii(&name).map_err(fail)?, kind, &bytes, record_length)
        .map_err(fail)?;
    write(path, &d.to_bytes())?;
    println!("{}: {}", path.display(), entry_line(&e));
    Ok(ExitCode::SUCCESS)
}

fn get(path: &Path, name: &str, local: Option<&Path>) -> Result<ExitCode, String> {
    let fail = |e: FsError| format!("{}: {e}", path.display());
    let d = read(path)?;
    let pattern = petscii(name).map_err(fail)?;
    let e = d.find_file(&pattern).map_err(fail)?;
    let bytes = d.read_entry(&e).map_err(fail)?;
    let local = match local {
        Some(l) => l.to_path_buf(),
        None => {
            let stem = disk::fs::name_text(&e.name)
                .to_lowercase()
                .replace(['/', '\\'], "_");
            let stem = if stem.trim_matches('.').is_empty() {
                "file".to_string()
            } else {
                stem
            };
            PathBuf::from(format!("{stem}.{}", e.kind.name().to_lowercase()))
        }
    };
    write(&local, &bytes)?;
    println!("{}: {} -> {}", path.display(), e.quoted(), local.display());
    Ok(ExitCode::SUCCESS)
}

#[derive(Serialize)]
struct JsonCheck {
    clean: bool,
    problems: Vec<JsonProblem>,
}

#[derive(Serialize)]
struct JsonProblem {
    track: Option<u8>,
    sector: Option<u8>,
    message: String,
}

fn check(path: &Path, json: bool) -> Result<ExitCode, String> {
    let d = read(path)?;
    let problems = d.check();
    if json {
        let out = JsonCheck {
            clean: problems.is_empty(),
            problems: problems
                .iter()
                .map(|p| JsonProblem {
                    track: p.block.map(|b| b.0),
                    sector: p.block.map(|b| b.1),
                    message: p.message.clone(),
                })
                .collect(),
        };
        println!(
            "{}",
            serde_json::to_string_pretty(&out).map_err(|e| e.to_string())?
        );
    } else if problems.is_empty() {
        println!(
            "{}: clean: {} files, {} blocks free",
            path.display(),
            d.directory().len(),
            d.blocks_free()
        );
    } else {
        for p in &problems {
            println!("{}: {p}", path.display());
        }
    }
    Ok(if problems.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
