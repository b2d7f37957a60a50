//! Files in a directory, written atomically (temporary file, flush, rename).

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use super::{Backend, StoreError};

/// Documents as files in one directory.
#[derive(Debug, Clone)]
pub struct FileBackend {
    dir: PathBuf,
}

impl FileBackend {
    /// Files in `dir` (created on the first write).
    pub fn new(dir: impl Into<PathBuf>) -> FileBackend {
        FileBackend { dir: dir.into() }
    }

    /// The platform's data directory for the game (`~/.local/share/gomoku` on Linux), or
    /// `GOMOKU_DATA_DIR` when that is set.
    pub fn platform() -> Option<FileBackend> {
        if let Some(dir) = std::env::var_os("GOMOKU_DATA_DIR").filter(|d| !d.is_empty()) {
            return Some(FileBackend::new(dir));
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            directories::ProjectDirs::from("", "", "gomoku").map(|d| FileBackend::new(d.data_dir()))
        }
        #[cfg(target_arch = "wasm32")]
        {
            None
        }
    }

    /// The directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    fn path(&self, key: &str) -> PathBuf {
        self.dir.join(key)
    }
}

impl Backend for FileBackend {
    fn read(&self, key: &str) -> Result<Option<String>, StoreError> {
        let path = self.path(key);
        match fs::read(&path) {
            Ok(bytes) => String::from_utf8(bytes).map(Some).or_else(|_| {
                // Not text at all: still a document to report and move aside.
                Ok(Some(String::from("\u{0}not UTF-8")))
            }),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(StoreError(format!(
                "{} could not be read: {e}",
                path.display()
            ))),
        }
    }

    fn write(&self, key: &str, text: &str) -> Result<(), StoreError> {
        let path = self.path(key);
        let fail = |what: &str, e: std::io::Error| {
            StoreError(format!(
                "{} could not be saved ({what}): {e}",
                path.display()
            ))
        };
        fs::create_dir_all(&self.dir).map_err(|e| fail("creating the folder", e))?;
        let tmp = self.dir.join(format!(".{key}.tmp-{}", std::process::id()));
        let result = (|| {
            let mut file = fs::File::create(&tmp)?;
            file.write_all(text.as_bytes())?;
            file.sync_all()
        })();
        if let Err(e) = result {
            let _ = fs::remove_file(&tmp);
            return Err(fail("writing", e));
        }
        fs::rename(&tmp, &path).map_err(|e| {
            let _ = fs::remove_file(&tmp);
            fail("replacing", e)
        })?;
        // Make the rename itself durable where the platform allows it.
        if let Ok(dir) = fs::File::open(&self.dir) {
            let _ = dir.sync_all();
        }
        Ok(())
    }

    fn set_aside(&self, key: &str, suffix: &str) -> Result<String, StoreError> {
        let from = self.path(key);
        let name =
            super::backend::free_name(&format!("{key}.{suffix}"), |name| self.path(name).exists());
        let to = self.path(&name);
        fs::rename(&from, &to)
            .map_err(|e| StoreError(format!("{} could not be moved aside: {e}", from.display())))?;
        Ok(to.display().to_string())
    }

    fn location(&self) -> String {
        self.dir.display().to_string()
    }
}
