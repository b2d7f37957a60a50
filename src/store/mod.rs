//! Where the game keeps what must not be lost: settings, profiles and finished games.
//!
//! Plain Rust, no Bevy. A [`Store`] reads and writes [`Document`]s through a [`Backend`]: files
//! in the platform's data directory on the desktop ([`FileBackend`]), the browser's
//! localStorage on the web, or memory in tests ([`MemoryBackend`]).
//!
//! Every document is wrapped in an envelope with its format name and version. A document that
//! cannot be read (corrupt, truncated, another format, a newer version) is reported and moved
//! aside under a timestamped name; it is never silently overwritten. If it cannot even be moved
//! aside, the store refuses to write that document at all.

mod backend;
mod file;
#[cfg(target_arch = "wasm32")]
mod local_storage;

use std::collections::HashSet;
use std::fmt;
use std::sync::Mutex;

use serde::Serialize;
use serde::de::DeserializeOwned;

pub use backend::{Backend, MemoryBackend};
pub use file::FileBackend;
#[cfg(target_arch = "wasm32")]
pub use local_storage::LocalStorageBackend;

use gomoku_engine::record::date;

/// A kind of document the store keeps, under its own key.
pub trait Document: Serialize + DeserializeOwned {
    /// The file name or storage key (`profiles.json`).
    const KEY: &'static str;
    /// The format name written in the envelope (`gomoku-profiles`).
    const FORMAT: &'static str;
    /// The newest version this build reads; the one it writes.
    const VERSION: u32;

    /// Checks what was read as the game checks what is typed (a hand-edited file can hold
    /// anything: a name of a megabyte, a volume of 50). A document that fails is unreadable:
    /// reported and kept aside like a damaged one.
    fn check(&self) -> Result<(), String> {
        Ok(())
    }
}

/// A storage failure, with what was being done.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoreError(pub String);

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for StoreError {}

/// What loading a document found.
#[derive(Debug, Clone, PartialEq)]
pub enum Loaded<T> {
    /// There is no such document yet.
    Missing,
    /// The document, read and checked.
    Found(T),
    /// The document could not be read. It was moved aside to `moved_to` (or, when even that
    /// failed, left where it is and protected from writes).
    Unreadable {
        /// What is wrong with it.
        problem: String,
        /// Where it was moved, if it was.
        moved_to: Option<String>,
    },
}

/// The envelope every document is stored in.
#[derive(Serialize)]
struct Envelope<'a, T> {
    format: &'a str,
    version: u32,
    data: &'a T,
}

/// Reads and writes documents through a backend, safely.
pub struct Store {
    backend: Box<dyn Backend>,
    /// Keys whose unreadable document could not be moved aside: never written.
    protected: Mutex<HashSet<String>>,
}

impl Store {
    /// A store over `backend`.
    pub fn new(backend: impl Backend + 'static) -> Store {
        Store {
            backend: Box::new(backend),
            protected: Mutex::new(HashSet::new()),
        }
    }

    /// A store in memory only (tests, or when no data directory can be found).
    pub fn in_memory() -> Store {
        Store::new(MemoryBackend::default())
    }

    /// Where the documents live, for messages.
    pub fn location(&self) -> String {
        self.backend.location()
    }

    /// Loads a document, moving an unreadable one aside.
    pub fn load<T: Document>(&self) -> Loaded<T> {
        let text = match self.backend.read(T::KEY) {
            Ok(None) => return Loaded::Missing,
            Ok(Some(text)) => text,
            Err(e) => {
                // Unreadable at the storage level: leave it alone, protect it.
                self.protect(T::KEY);
                return Loaded::Unreadable {
                    problem: e.0,
                    moved_to: None,
                };
            }
        };
        match decode::<T>(&text) {
            Ok(value) => Loaded::Found(value),
            Err(problem) => {
                let suffix = format!("unreadable-{}", date::compact(date::now_secs()));
                match self.backend.set_aside(T::KEY, &suffix) {
                    Ok(to) => Loaded::Unreadable {
                        problem,
                        moved_to: Some(to),
                    },
                    Err(e) => {
                        self.protect(T::KEY);
                        Loaded::Unreadable {
                            problem: format!("{problem}; moving it aside failed: {e}"),
                            moved_to: None,
                        }
                    }
                }
            }
        }
    }

    /// Saves a document atomically: the old one stays whole until the new one is complete.
    pub fn save<T: Document>(&self, value: &T) -> Result<(), StoreError> {
        if self.is_protected(T::KEY) {
            return Err(StoreError(format!(
                "{} is not saved: the existing file could not be read or moved aside, and it \
                 is not overwritten",
                T::KEY
            )));
        }
        let envelope = Envelope {
            format: T::FORMAT,
            version: T::VERSION,
            data: value,
        };
        let text = serde_json::to_string_pretty(&envelope)
            .map_err(|e| StoreError(format!("{} could not be encoded: {e}", T::KEY)))?;
        self.backend.write(T::KEY, &text)
    }

    fn protect(&self, key: &str) {
        if let Ok(mut set) = self.protected.lock() {
            set.insert(key.to_owned());
        }
    }

    fn is_protected(&self, key: &str) -> bool {
        self.protected
            .lock()
            .map(|s| s.contains(key))
            .unwrap_or(true)
    }
}

impl fmt::Debug for Store {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Store({})", self.location())
    }
}

/// Reads an envelope and its data, checking the format name and version.
fn decode<T: Document>(text: &str) -> Result<T, String> {
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| {
        if e.is_eof() {
            format!("the file ends early (line {}), it was cut short", e.line())
        } else {
            format!("not valid JSON: {e}")
        }
    })?;
    let format = value.get("format").and_then(|v| v.as_str()).unwrap_or("");
    if format != T::FORMAT {
        return Err(format!(
            "the format is '{format}', expected '{}'",
            T::FORMAT
        ));
    }
    let version = value.get("version").and_then(|v| v.as_u64()).unwrap_or(0);
    if version == 0 || version > u64::from(T::VERSION) {
        return Err(format!(
            "format version {version}, this Gomoku reads versions 1 to {}",
            T::VERSION
        ));
    }
    let data = value
        .get("data")
        .cloned()
        .ok_or_else(|| "the document has no data".to_owned())?;
    let value: T =
        serde_json::from_value(data).map_err(|e| format!("the data does not fit: {e}"))?;
    value.check()?;
    Ok(value)
}
