//! The storage under a [`Store`](super::Store): keys to texts.

use std::collections::HashMap;
use std::sync::Mutex;

use super::StoreError;

/// Keyed text storage. Writes must be atomic: after a crash a key holds the old text or the
/// new one, never a mix.
pub trait Backend: Send + Sync {
    /// The text under `key`, or `None` when there is none.
    fn read(&self, key: &str) -> Result<Option<String>, StoreError>;
    /// Replaces the text under `key` atomically.
    fn write(&self, key: &str, text: &str) -> Result<(), StoreError>;
    /// Moves the text under `key` to a new key made from `key` and `suffix`; returns where.
    fn set_aside(&self, key: &str, suffix: &str) -> Result<String, StoreError>;
    /// Where the texts live, for messages.
    fn location(&self) -> String;
}

/// `base`, or `base-2`, `base-3`, ... : the first name not `taken`.
pub(super) fn free_name(base: &str, taken: impl Fn(&str) -> bool) -> String {
    std::iter::once(base.to_owned())
        .chain((2..).map(|n| format!("{base}-{n}")))
        .find(|name| !taken(name))
        .expect("some name is free")
}

/// Storage in memory, for tests and as a fallback.
#[derive(Debug, Default)]
pub struct MemoryBackend {
    texts: Mutex<HashMap<String, String>>,
}

impl MemoryBackend {
    /// A memory store holding `texts` already.
    pub fn with(texts: &[(&str, &str)]) -> MemoryBackend {
        MemoryBackend {
            texts: Mutex::new(
                texts
                    .iter()
                    .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
                    .collect(),
            ),
        }
    }

    fn lock(&self) -> Result<std::sync::MutexGuard<'_, HashMap<String, String>>, StoreError> {
        self.texts
            .lock()
            .map_err(|_| StoreError("the memory store is poisoned".to_owned()))
    }
}

impl Backend for MemoryBackend {
    fn read(&self, key: &str) -> Result<Option<String>, StoreError> {
        Ok(self.lock()?.get(key).cloned())
    }

    fn write(&self, key: &str, text: &str) -> Result<(), StoreError> {
        self.lock()?.insert(key.to_owned(), text.to_owned());
        Ok(())
    }

    fn set_aside(&self, key: &str, suffix: &str) -> Result<String, StoreError> {
        let mut texts = self.lock()?;
        let text = texts
            .remove(key)
            .ok_or_else(|| StoreError(format!("{key} does not exist")))?;
        let to = free_name(&format!("{key}.{suffix}"), |name| texts.contains_key(name));
        texts.insert(to.clone(), text);
        Ok(to)
    }

    fn location(&self) -> String {
        "memory (not saved)".to_owned()
    }
}
