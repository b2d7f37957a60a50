// The service worker: after the first visit the whole game (page, wasm, the engine's worker,
// assets) is in the cache, so it starts and plays offline. `make web` fills in the file list
// with each file's hash and a version made from the files' contents: a new build makes a new
// cache, into which only the files whose hash changed are downloaded; the others are copied
// from the old cache.
const VERSION = '__VERSION__';
const FILES = __FILES__;
const CACHE = `gomoku-${VERSION}`;
// Where a cache keeps the hashes of its files (not a file of the game).
const HASHES = './.gomoku-hashes';

async function fill() {
  const cache = await caches.open(CACHE);
  let old = null;
  let oldHashes = {};
  for (const name of await caches.keys()) {
    if (!name.startsWith('gomoku-') || name === CACHE) continue;
    const candidate = await caches.open(name);
    const saved = await candidate.match(HASHES);
    if (saved) {
      old = candidate;
      oldHashes = await saved.json();
      break;
    }
  }
  await Promise.all(FILES.map(async ([file, hash]) => {
    if (old && oldHashes[file] === hash) {
      const kept = await old.match(file);
      if (kept) return cache.put(file, kept);
    }
    return cache.add(file);
  }));
  await cache.put(HASHES, new Response(JSON.stringify(Object.fromEntries(FILES))));
}

self.addEventListener('install', (event) => {
  event.waitUntil(fill().then(() => self.skipWaiting()));
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
