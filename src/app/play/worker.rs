//! The engine in Web Workers (the web build): the AI's searches (and the hint's), analysis
//! mode's rounds and game reviews are posted to a worker running the engine alone
//! (`engine-worker.js` with the `gomoku-worker` module), so they run at full speed off the
//! page's thread and the frames go on. A worker does one thing at a time: a question (a
//! [`ThinkRequest`], answered once) or a job (a [`JobRequest`], answered by a stream of
//! [`Update`]s) goes to an idle worker, or to a new one (at most [`MAX_WORKERS`]); cancelling
//! ends its worker (the browser keeps the module compiled for the next). Where workers are
//! missing or fail, the callers fall back to working in frame slices.

use std::cell::RefCell;
use std::collections::HashMap;

use bevy::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::{Closure, JsValue, wasm_bindgen};

use gomoku_engine::analysis::worker::{JobRequest, Update};
use gomoku_engine::search::worker::{ThinkAnswer, ThinkRequest};

/// The worker's script, beside the page.
const SCRIPT: &str = "./engine-worker.js";
/// Workers busy at once, at most (the AI, the hint, an analysis and a review need one each).
pub const MAX_WORKERS: usize = 4;

/// A fresh id for a question or a job (one numbering for both: a worker's messages name it).
pub fn next_id() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT_ID: AtomicU64 = AtomicU64::new(1);
    NEXT_ID.fetch_add(1, Ordering::Relaxed)
}

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
    /// Jobs' updates not yet taken, by request id.
    static UPDATES: RefCell<HashMap<u64, Vec<Update>>> = RefCell::new(HashMap::new());
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
    let text = serde_json::to_string(request).map_err(|e| e.to_string())?;
    post(request.id, &text.into())
}

/// Posts the job `request` (as `{ job: text }`) like [`ask`]; its updates come to
/// [`take_updates`].
pub fn ask_job(request: &JobRequest) -> Result<(), String> {
    let text = serde_json::to_string(request).map_err(|e| e.to_string())?;
    let message = js_sys::Object::new();
    js_sys::Reflect::set(&message, &"job".into(), &text.into()).map_err(|e| format!("{e:?}"))?;
    post(request.id, &message.into())
}

fn post(id: u64, message: &JsValue) -> Result<(), String> {
    if let Some(why) = broken() {
        return Err(why);
    }
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
            .post_message(message)
            .map_err(|e| format!("{e:?}"))
            .inspect_err(|why| mark_broken(why.clone()))?;
        w.busy = Some(id);
        Ok(())
    })
}

/// The updates of job `id` that came since the last call.
pub fn take_updates(id: u64) -> Vec<Update> {
    UPDATES.with(|u| u.borrow_mut().remove(&id).unwrap_or_default())
}

/// The worker doing `id` is free again.
fn finished(id: u64) {
    WORKERS.with(|cell| {
        for w in cell.borrow_mut().iter_mut() {
            if w.busy == Some(id) {
                w.busy = None;
            }
        }
    });
}

/// A job's update, kept for [`take_updates`].
fn receive_update(update: Update) {
    if let Update::Failed { id: 0, error } = &update {
        mark_broken(error.clone());
        return;
    }
    let id = update.id();
    if update.is_last() {
        finished(id);
    }
    UPDATES.with(|u| u.borrow_mut().entry(id).or_default().push(update));
}

/// The answer to request `id`, once it has come.
pub fn take(id: u64) -> Option<ThinkAnswer> {
    ANSWERS.with(|a| a.borrow_mut().remove(&id))
}

/// Stops thinking about request (or job) `id`: the worker doing it is ended.
pub fn cancel(id: u64) {
    ANSWERS.with(|a| a.borrow_mut().remove(&id));
    UPDATES.with(|u| u.borrow_mut().remove(&id));
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
        if let Ok(update) = serde_json::from_str::<Update>(&text) {
            receive_update(update);
            return;
        }
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
        finished(answer.id);
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
