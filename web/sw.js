// The service worker: after the first visit the whole game (page, wasm, the engine's worker,
// assets) is in the cache, so it starts and plays offline. `make web` fills in the file list
// and a version made from the files' contents: a new build replaces the old cache.
const VERSION = '__VERSION__';
const FILES = __FILES__;
const CACHE = `gomoku-${VERSION}`;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('gomoku-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

// The cache first (the query string is the game's options, not another file), the network
// for anything else (the online server's WebSocket never comes here).
self.addEventListener('fetch', (event) => {
  if (event.request.method !== 'GET') return;
  event.respondWith(
    caches.open(CACHE)
      .then((cache) => cache.match(event.request, { ignoreSearch: true }))
      .then((hit) => hit ?? fetch(event.request)),
  );
});
