//! The engine in Web Workers (the web build): the AI's searches (and the hint's) are posted
//! to a worker running the engine alone (`engine-worker.js` with the `gomoku-worker` module),
//! so they run at full speed off the page's thread and the frames go on. A worker thinks
//! about one position at a time: a question goes to an idle worker, or to a new one (at most
//! [`MAX_WORKERS`]); dropping a search ends its worker (the browser keeps the module
//! compiled for the next). Where workers are missing or fail, [`super::Search`] falls back to
//! thinking in frame slices.

use std::cell::RefCell;
use std::collections::HashMap;

use bevy::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::{Closure, JsValue, wasm_bindgen};

use crate::engine::search::worker::{ThinkAnswer, ThinkRequest};

/// The worker's script, beside the page.
const SCRIPT: &str = "./engine-worker.js";
/// Workers thinking at once, at most (the AI and the hint need one each).
pub const MAX_WORKERS: usize = 4;

// The browser's `Worker`, bound here rather than through web-sys: its web-sys features would
// change the web-sys that Bevy builds with, and so rebuild all of Bevy for the web.
#[wasm_bindgen]
extern "C" {
    type Worker;
    #[wasm_bindgen(constructor, catch)]
    fn new(url: &str, options: &JsValue) -> Result<Worker, JsValue>;
    #[wasm_bindgen(method, js_name = postMessage, catch)]
    fn post_message(this: &Worker, message: &JsValue) -> Result<(), JsValue>;
    #[wasm_bindgen(method)]
    fn terminate(this: &Worker);
    #[wasm_bindgen(method, setter = onmessage)]
    fn set_onmessage(this: &Worker, handler: &js_sys::Function);
    #[wasm_bindgen(method, setter = onerror)]
    fn set_onerror(this: &Worker, handler: &js_sys::Function);
}

/// The worker and what it is thinking about.
struct EngineWorker {
    worker: Worker,
    /// The request it is answering, if any.
    busy: Option<u64>,
    /// Kept alive as long as the worker: they receive its messages and errors.
    _on_message: Closure<dyn FnMut(JsValue)>,
    _on_error: Closure<dyn FnMut(JsValue)>,
}

/// A field of a JavaScript object, as text.
fn field(object: &JsValue, name: &str) -> String {
    js_sys::Reflect::get(object, &name.into())
        .ok()
        .and_then(|v| v.as_string())
        .unwrap_or_default()
}

thread_local! {
    static WORKERS: RefCell<Vec<EngineWorker>> = const { RefCell::new(Vec::new()) };
    /// Answers that came back, by request id.
    static ANSWERS: RefCell<HashMap<u64, ThinkAnswer>> = RefCell::new(HashMap::new());
    /// Set when the worker could not be made or failed: the searches think in slices then.
    static BROKEN: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Why the worker cannot be used, if it cannot.
pub fn broken() -> Option<String> {
    BROKEN.with(|b| b.borrow().clone())
}

fn mark_broken(why: String) {
    warn!("the engine worker is not used: {why}");
    BROKEN.with(|b| *b.borrow_mut() = Some(why));
}

/// Posts `request` to an idle worker (made now when none is idle). On failure the workers are
/// marked broken and the error returned; with [`MAX_WORKERS`] busy, the error is returned.
pub fn ask(request: &ThinkRequest) -> Result<(), String> {
    if let Some(why) = broken() {
        return Err(why);
    }
    let text = serde_json::to_string(request).map_err(|e| e.to_string())?;
    WORKERS.with(|cell| {
        let mut workers = cell.borrow_mut();
        let idle = match workers.iter().position(|w| w.busy.is_none()) {
            Some(i) => i,
            None if workers.len() < MAX_WORKERS => {
                workers.push(make().inspect_err(|why| mark_broken(why.clone()))?);
                workers.len() - 1
            }
            None => return Err(format!("{MAX_WORKERS} engine workers are busy")),
        };
        let w = &mut workers[idle];
        w.worker
            .post_message(&text.into())
            .map_err(|e| format!("{e:?}"))
            .inspect_err(|why| mark_broken(why.clone()))?;
        w.busy = Some(request.id);
        Ok(())
    })
}

/// The answer to request `id`, once it has come.
pub fn take(id: u64) -> Option<ThinkAnswer> {
    ANSWERS.with(|a| a.borrow_mut().remove(&id))
}

/// Stops thinking about request `id`: the worker doing it is ended.
pub fn cancel(id: u64) {
    ANSWERS.with(|a| a.borrow_mut().remove(&id));
    WORKERS.with(|cell| {
        let mut workers = cell.borrow_mut();
        if let Some(i) = workers.iter().position(|w| w.busy == Some(id)) {
            workers.swap_remove(i).worker.terminate();
        }
    });
}

fn make() -> Result<EngineWorker, String> {
    let options = js_sys::Object::new();
    js_sys::Reflect::set(&options, &"type".into(), &"module".into())
        .map_err(|e| format!("{e:?}"))?;
    let worker =
        Worker::new(SCRIPT, &options).map_err(|e| format!("no worker for {SCRIPT}: {e:?}"))?;
    let on_message = Closure::<dyn FnMut(JsValue)>::new(|event: JsValue| {
        let text = field(&event, "data");
        let answer = match serde_json::from_str::<ThinkAnswer>(&text) {
            Ok(answer) => answer,
            Err(e) => {
                mark_broken(format!("the worker's answer does not read: {e}"));
                return;
            }
        };
        // The end-to-end test reads the engine's speed from this line.
        web_sys::console::log_1(
            &format!(
                "gomoku-engine: {} nodes in {} ms",
                answer.nodes, answer.millis
            )
            .into(),
        );
        if let Some(error) = &answer.error
            && answer.id == 0
        {
            mark_broken(error.clone());
            return;
        }
        WORKERS.with(|cell| {
            for w in cell.borrow_mut().iter_mut() {
                if w.busy == Some(answer.id) {
                    w.busy = None;
                }
            }
        });
        ANSWERS.with(|a| a.borrow_mut().insert(answer.id, answer));
    });
    let on_error = Closure::<dyn FnMut(JsValue)>::new(|event: JsValue| {
        mark_broken(format!("the worker failed: {}", field(&event, "message")));
    });
    worker.set_onmessage(on_message.as_ref().unchecked_ref());
    worker.set_onerror(on_error.as_ref().unchecked_ref());
    Ok(EngineWorker {
        worker,
        busy: None,
        _on_message: on_message,
        _on_error: on_error,
    })
}
