// The engine in a Web Worker: the game posts a JSON request to think about a position (see
// crates/engine/src/search/worker.rs) and gets the JSON answer back, or a job (analyse a position,
// review a game: crates/engine/src/analysis/worker.rs, posted as { job: text }) and gets a JSON update
// after each round or move, while the page keeps drawing. The engine's wasm module
// (gomoku_worker_bg.wasm, no Bevy) loads once, at the first request.
import init, { think, run_job } from './gomoku_worker.js';

const ready = init();
self.onmessage = async (event) => {
  const job = typeof event.data === 'object' && event.data !== null ? event.data.job : null;
  try {
    await ready;
    if (job) run_job(job, (update) => self.postMessage(update));
    else self.postMessage(think(event.data));
  } catch (e) {
    const error = `the engine worker failed: ${e}`;
    self.postMessage(job
      ? JSON.stringify({ Failed: { id: 0, error } })
      : JSON.stringify({ id: 0, best: null, nodes: 0, millis: 0, error }));
  }
};
