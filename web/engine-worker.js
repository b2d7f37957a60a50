// The engine in a Web Worker: the game posts a JSON request to think about a position (see
// src/engine/search/worker.rs) and gets the JSON answer back, while the page keeps drawing.
// The engine's wasm module (gomoku_worker_bg.wasm, no Bevy) loads once, at the first request.
import init, { think } from './gomoku_worker.js';

const ready = init();
self.onmessage = async (event) => {
  try {
    await ready;
    self.postMessage(think(event.data));
  } catch (e) {
    self.postMessage(JSON.stringify({ id: 0, best: null, nodes: 0, millis: 0, error: `the engine worker failed: ${e}` }));
  }
};
