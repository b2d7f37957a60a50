//! The browser's localStorage (the web build). Each document is one key under `gomoku/`.
//! A single `setItem` replaces a value whole, so writes are atomic.

use super::{Backend, StoreError};

/// Documents in the page's localStorage.
#[derive(Debug, Clone, Copy, Default)]
pub struct LocalStorageBackend;

const PREFIX: &str = "gomoku/";

fn storage() -> Result<web_sys::Storage, StoreError> {
    web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .ok_or_else(|| StoreError("the browser's localStorage is not available".to_owned()))
}

fn js_error(what: &str, e: wasm_bindgen::JsValue) -> StoreError {
    StoreError(format!("{what}: {e:?}"))
}

impl Backend for LocalStorageBackend {
    fn read(&self, key: &str) -> Result<Option<String>, StoreError> {
        storage()?
            .get_item(&format!("{PREFIX}{key}"))
            .map_err(|e| js_error(&format!("{key} could not be read"), e))
    }

    fn write(&self, key: &str, text: &str) -> Result<(), StoreError> {
        storage()?
            .set_item(&format!("{PREFIX}{key}"), text)
            .map_err(|e| js_error(&format!("{key} could not be saved (storage full?)"), e))
    }

    fn set_aside(&self, key: &str, suffix: &str) -> Result<String, StoreError> {
        let storage = storage()?;
        let text = self.read(key)?.unwrap_or_default();
        let to = super::backend::free_name(&format!("{PREFIX}{key}.{suffix}"), |name| {
            storage.get_item(name).ok().flatten().is_some()
        });
        storage
            .set_item(&to, &text)
            .map_err(|e| js_error(&format!("{key} could not be moved aside"), e))?;
        storage
            .remove_item(&format!("{PREFIX}{key}"))
            .map_err(|e| js_error(&format!("{key} could not be moved aside"), e))?;
        Ok(format!("localStorage['{to}']"))
    }

    fn location(&self) -> String {
        "the browser's localStorage".to_owned()
    }
}
