//! Output files that are checked before the work and appear only when it succeeded.
//!
//! [`PendingFile::create`] opens a hidden file beside the one asked for, so a path that
//! cannot be written (a missing folder, a read-only place, a folder's name) is refused
//! before a run starts. The data goes there; [`PendingFile::commit`] renames it to its name
//! once everything succeeded. Dropped without a commit (an error, a panic), the hidden file
//! is removed: a failed run never leaves a partial output behind, nor an old file changed.
//! A read-only file is refused, and a file replaced keeps its permissions. Every hidden
//! file open is listed, so that Ctrl-C (SIGINT or SIGTERM) removes them all before the
//! process ends ([`remove_pending`]). A file made with [`PendingFile::create_gz`] whose name
//! ends in `.gz` is compressed as it is written.

use flate2::write::GzEncoder;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The hidden files of every [`PendingFile`] not yet committed or dropped.
static PENDING: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn pending() -> std::sync::MutexGuard<'static, Vec<PathBuf>> {
    PENDING.lock().unwrap_or_else(|e| e.into_inner())
}

fn forget(tmp: &Path) {
    pending().retain(|p| p != tmp);
}

/// Remove the hidden file of every output still being written (the process is being
/// interrupted). Returns how many there were.
pub fn remove_pending() -> usize {
    let mut list = pending();
    for p in list.iter() {
        let _ = std::fs::remove_file(p);
    }
    let n = list.len();
    list.clear();
    n
}

/// Where the bytes go: the file, or a gzip stream into it.
enum Sink {
    Plain(BufWriter<File>),
    Gz(GzEncoder<BufWriter<File>>),
}

impl Sink {
    fn writer(&mut self) -> &mut dyn Write {
        match self {
            Sink::Plain(w) => w,
            Sink::Gz(w) => w,
        }
    }

    fn finish(self) -> std::io::Result<()> {
        match self {
            Sink::Plain(mut w) => w.flush(),
            Sink::Gz(w) => w.finish()?.flush(),
        }
    }
}

/// Why an output file could not be written; names the file.
#[derive(Debug, thiserror::Error)]
#[error("{path}: cannot write: {reason}")]
pub struct OutputError {
    pub path: PathBuf,
    pub reason: String,
}

impl OutputError {
    fn new(path: &Path, reason: impl std::fmt::Display) -> Self {
        OutputError {
            path: path.to_path_buf(),
            reason: reason.to_string(),
        }
    }
}

/// An output file being written under a temporary name.
pub struct PendingFile {
    path: PathBuf,
    tmp: PathBuf,
    out: Option<Sink>,
    /// Bytes given to it so far (before compression).
    written: u64,
}

impl PendingFile {
    /// Check that `path` can be written and open its temporary file.
    pub fn create(path: &Path) -> Result<PendingFile, OutputError> {
        Self::open(path, false)
    }

    /// The same, compressed with gzip as it is written when the name ends in `.gz`.
    pub fn create_gz(path: &Path) -> Result<PendingFile, OutputError> {
        let gz = path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("gz"));
        Self::open(path, gz)
    }

    fn open(path: &Path, gz: bool) -> Result<PendingFile, OutputError> {
        if path.is_dir() {
            return Err(OutputError::new(path, "it is a folder"));
        }
        if let Ok(m) = std::fs::metadata(path)
            && m.permissions().readonly()
        {
            // As `cp` refuses it: the file stays as it is.
            return Err(OutputError::new(path, "it is read-only"));
        }
        let name = path
            .file_name()
            .ok_or_else(|| OutputError::new(path, "not a file name"))?;
        let tmp = path.with_file_name(format!(
            ".{}.breadbin-{}.tmp",
            name.to_string_lossy(),
            std::process::id()
        ));
        let file = File::create(&tmp).map_err(|e| OutputError::new(path, e))?;
        pending().push(tmp.clone());
        let file = BufWriter::new(file);
        let out = if gz {
            Sink::Gz(GzEncoder::new(file, flate2::Compression::fast()))
        } else {
            Sink::Plain(file)
        };
        Ok(PendingFile {
            path: path.to_path_buf(),
            tmp,
            out: Some(out),
            written: 0,
        })
    }

    /// The name the file will have.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Bytes written so far (before compression).
    pub fn written(&self) -> u64 {
        self.written
    }

    /// Append bytes.
    pub fn write_all(&mut self, bytes: &[u8]) -> Result<(), OutputError> {
        let out = self.out.as_mut().expect("open until committed");
        self.written += bytes.len() as u64;
        out.writer()
            .write_all(bytes)
            .map_err(|e| OutputError::new(&self.path, e))
    }

    /// Flush and give the file its name.
    pub fn commit(mut self) -> Result<(), OutputError> {
        let out = self.out.take().expect("open until committed");
        let done = out.finish();
        forget(&self.tmp);
        if let Err(e) = done {
            let _ = std::fs::remove_file(&self.tmp);
            return Err(OutputError::new(&self.path, e));
        }
        // A file replaced keeps its permissions.
        if let Ok(m) = std::fs::metadata(&self.path) {
            std::fs::set_permissions(&self.tmp, m.permissions())
                .map_err(|e| OutputError::new(&self.path, e))?;
        }
        std::fs::rename(&self.tmp, &self.path).map_err(|e| {
            let _ = std::fs::remove_file(&self.tmp);
            OutputError::new(&self.path, e)
        })
    }
}

impl Drop for PendingFile {
    fn drop(&mut self) {
        if self.out.take().is_some() {
            let _ = std::fs::remove_file(&self.tmp);
            forget(&self.tmp);
        }
    }
}

/// Write several outputs all or none: each is checked first, then all are written, then all
/// renamed into place.
pub fn write_all_or_none(files: &[(&Path, &[u8])]) -> Result<(), OutputError> {
    let mut pending = files
        .iter()
        .map(|(p, _)| PendingFile::create(p))
        .collect::<Result<Vec<_>, _>>()?;
    for (f, (_, bytes)) in pending.iter_mut().zip(files) {
        f.write_all(bytes)?;
    }
    for f in pending {
        f.commit()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir() -> PathBuf {
        let d = std::env::temp_dir().join(format!("breadbin-output-{}", std::process::id()));
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn a_file_appears_only_when_committed() {
        let p = dir().join("a.txt");
        let _ = std::fs::remove_file(&p);
        let mut f = PendingFile::create(&p).unwrap();
        f.write_all(b"hello").unwrap();
        assert!(!p.exists());
        f.commit().unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"hello");
        // Dropped without a commit: nothing left, the old file untouched.
        let mut f = PendingFile::create(&p).unwrap();
        f.write_all(b"partial").unwrap();
        drop(f);
        assert_eq!(std::fs::read(&p).unwrap(), b"hello");
        let left: Vec<_> = std::fs::read_dir(dir())
            .unwrap()
            .filter_map(|e| e.ok())
            .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
            .collect();
        assert!(left.is_empty(), "{left:?}");
    }

    #[test]
    fn unwritable_paths_are_refused_at_once() {
        let e = PendingFile::create(Path::new("/nonexistent/x.png"))
            .err()
            .unwrap();
        assert!(
            e.to_string()
                .starts_with("/nonexistent/x.png: cannot write"),
            "{e}"
        );
        let e = PendingFile::create(&dir()).err().unwrap();
        assert!(e.to_string().contains("it is a folder"), "{e}");
        // All or none: the second path fails, so the first is not written.
        let ok = dir().join("first.txt");
        let _ = std::fs::remove_file(&ok);
        let r = write_all_or_none(&[(&ok, b"1"), (Path::new("/nonexistent/second"), b"2")]);
        assert!(r.is_err());
        assert!(!ok.exists());
    }

    /// A file holding `bytes`, alone in a folder of its own (the other tests look for
    /// temporary files in theirs).
    fn old_file(name: &str, bytes: &[u8]) -> PathBuf {
        let d = dir().join(name);
        std::fs::create_dir_all(&d).unwrap();
        let p = d.join("file.txt");
        if p.exists() {
            let mut perm = std::fs::metadata(&p).unwrap().permissions();
            #[allow(clippy::permissions_set_readonly_false)]
            perm.set_readonly(false);
            std::fs::set_permissions(&p, perm).unwrap();
        }
        std::fs::write(&p, bytes).unwrap();
        p
    }

    #[test]
    fn a_read_only_file_is_refused_and_left_as_it_was() {
        let p = old_file("readonly", b"keep");
        let mut perm = std::fs::metadata(&p).unwrap().permissions();
        perm.set_readonly(true);
        std::fs::set_permissions(&p, perm).unwrap();
        let e = PendingFile::create(&p).err().unwrap();
        assert!(
            e.to_string().ends_with("cannot write: it is read-only"),
            "{e}"
        );
        assert_eq!(std::fs::read(&p).unwrap(), b"keep");
        assert!(std::fs::metadata(&p).unwrap().permissions().readonly());
    }

    #[cfg(unix)]
    #[test]
    fn a_replaced_file_keeps_its_permissions() {
        use std::os::unix::fs::PermissionsExt;
        let p = old_file("mode", b"old");
        std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o640)).unwrap();
        write_all_or_none(&[(&p, b"new")]).unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"new");
        let mode = std::fs::metadata(&p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o640);
    }
}
