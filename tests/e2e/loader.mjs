// The web page's first visit as a player makes it, from the project's own server
// (`gomoku-server --web` on a free loopback port):
// - what the server sends: the page, scripts and wasm compressed (brotli), with caching headers
//   that make a returning browser ask before using its copy, and a `304` with no body when the
//   file has not changed; the wasm's size on the wire against the budget;
// - a quiet first visit: when the loader is first painted and when the board is drawn;
// - a slow first visit (the browser's network throttled): the loader is painted before the
//   wasm has arrived, its bar and "Downloading X of Y MB" move, the wasm is compiled from the
//   stream, "Starting..." follows, and a screenshot of the loader mid-download is saved;
// - a download that fails: a clear message and a "Try again" button that starts the game;
// - a browser without WebGL 2: a clear message in the player's language (each of the eight),
//   and no retry;
// - a new build: the service worker downloads the files that changed and copies the others.
//
//   node tests/e2e/loader.mjs --server TARGET/debug/gomoku-server --dist WEB_DIST --out OUT_DIR
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { launch, parseArgs } from './harness.mjs';

const args = parseArgs();
for (const k of ['server', 'dist', 'out']) {
  if (!args[k]) throw new Error(`--${k} is needed`);
}
const out = path.resolve(args.out);
fs.mkdirSync(out, { recursive: true });
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'gomoku-loader-e2e-'));
let failed = false;
const fail = (msg) => { console.log(`FAIL ${msg}`); failed = true; };
// The whole test is bounded: a hang is a failure, not a stuck CI.
setTimeout(() => { console.log('FAIL the loader test took over 5 minutes'); process.exit(1); }, 300_000).unref();

const servers = [];
process.on('exit', () => servers.forEach((s) => s.kill('SIGKILL')));
/** `gomoku-server --web DIST` on a free port, with a database of its own: its address. */
const serve = (dist, db) => {
  const child = spawn(args.server, ['--port', '0', '--db', path.join(work, db), '--web', dist], { stdio: ['ignore', 'pipe', 'pipe'] });
  servers.push(child);
  return new Promise((resolve, reject) => {
    let first = '';
    child.stdout.on('data', (d) => {
      first += d;
      const m = first.match(/listening on ws:\/\/127\.0\.0\.1:(\d+)\/ws/);
      if (m) resolve(`http://127.0.0.1:${m[1]}`);
    });
    child.on('exit', (code) => reject(new Error(`the server stopped (${code})`)));
  });
};
const base = await serve(path.resolve(args.dist), 'server.sqlite');

/** A GET as a browser sends it (brotli and gzip taken): status, headers and bytes on the wire. */
const get = (file, headers = {}) => new Promise((resolve, reject) => {
  http.get(`${base}/${file}`, { headers: { 'accept-encoding': 'br, gzip', ...headers } }, (res) => {
    let bytes = 0;
    res.on('data', (d) => { bytes += d.length; });
    res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, bytes }));
  }).on('error', reject);
});

// 1. What the server sends.
const WASM_BROTLI_BUDGET_KIB = 4500;
for (const file of ['', 'gomoku.js', 'gomoku_bg.wasm', 'engine-worker.js', 'gomoku_worker.js', 'gomoku_worker_bg.wasm', 'sw.js', 'manifest.webmanifest']) {
  const name = file || 'the page';
  const first = await get(file);
  if (first.status !== 200) { fail(`${name}: status ${first.status}`); continue; }
  if (first.headers['content-encoding'] !== 'br') fail(`${name} is not sent with brotli: ${first.headers['content-encoding']}`);
  if (first.headers['cache-control'] !== 'no-cache') fail(`${name} has no revalidation header: ${first.headers['cache-control']}`);
  const again = await get(file, { 'if-modified-since': first.headers['last-modified'] ?? '' });
  if (again.status !== 304 || again.bytes !== 0) fail(`${name} unchanged was sent again: status ${again.status}, ${again.bytes} bytes`);
  if (file === 'gomoku_bg.wasm') {
    const kib = first.bytes / 1024;
    console.log(`the game's wasm on the wire: ${kib.toFixed(0)} KiB brotli (budget ${WASM_BROTLI_BUDGET_KIB} KiB); a returning visitor's check: ${again.status}, ${again.bytes} bytes`);
    if (kib > WASM_BROTLI_BUDGET_KIB) fail(`the game's wasm is ${kib.toFixed(0)} KiB brotli, over its budget of ${WASM_BROTLI_BUDGET_KIB} KiB`);
  }
}

const browser = await launch();
/** A fresh visitor: a context of its own (no cache, no service worker). */
const visitor = () => browser.newContext({ viewport: { width: 1000, height: 700 }, serviceWorkers: 'block' });
// Every text the loader shows, in order (read by the checks below).
const recordTexts = () => {
  // ...and whether the wasm was compiled from the stream as it arrived.
  const streaming = WebAssembly.instantiateStreaming;
  WebAssembly.instantiateStreaming = (...a) => { window.compiledStreaming = true; return streaming.apply(WebAssembly, a); };
  window.loaderTexts = [];
  document.addEventListener('DOMContentLoaded', () => {
    const text = document.getElementById('loading-text');
    const note = () => { if (window.loaderTexts.at(-1) !== text.textContent) window.loaderTexts.push(text.textContent); };
    note();
    new MutationObserver(note).observe(text, { childList: true, characterData: true, subtree: true });
  });
};
const firstPaint = (page) => page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null);
const boardDrawn = (page) => page.waitForFunction(() => document.getElementById('loading').classList.contains('done'), null, { timeout: 120000 });

try {
  // 2. A quiet first visit (after the browser has drawn a page of text once: its own start,
  // fonts found and caches made, is not the page's).
  {
    const warm = await visitor();
    await (await warm.newPage()).goto(`${base}/health`);
    await warm.close();
    // What the same browser takes to paint a page of plain text, for comparison.
    const plain = await visitor();
    const plainPage = await plain.newPage();
    await plainPage.goto(`${base}/health`);
    await plainPage.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, null, { timeout: 10000 });
    const plainPaint = await firstPaint(plainPage);
    await plain.close();
    const context = await visitor();
    const page = await context.newPage();
    await page.goto(`${base}/?lang=en`);
    await boardDrawn(page);
    const paint = await firstPaint(page);
    const ready = await page.evaluate(() => window.gomokuReadyAt);
    console.log(`first visit: the loader painted at ${paint?.toFixed(0)} ms, the board drawn at ${ready?.toFixed(0)} ms (goals on a quiet machine: at once, 2,500 ms; a page of plain text painted at ${plainPaint?.toFixed(0)} ms)`);
    if (paint === null) fail('the loader was never painted');
    await context.close();
  }

  // 3. A slow first visit: 1.5 MB/s.
  {
    const context = await visitor();
    const page = await context.newPage();
    await page.addInitScript(recordTexts);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 40, downloadThroughput: 1.5 * 1048576, uploadThroughput: 1048576 });
    await page.goto(`${base}/?lang=en`);
    await page.waitForFunction(() => window.gomokuLoadProgress > 0.25, null, { timeout: 60000 });
    const paint = await firstPaint(page);
    const mid = await page.evaluate(() => ({
      share: window.gomokuLoadProgress,
      text: document.getElementById('loading-text').textContent,
      bar: document.getElementById('progress-bar').getBoundingClientRect().width,
      track: document.getElementById('progress').getBoundingClientRect().width,
      now: performance.now(),
    }));
    await page.screenshot({ path: path.join(out, 'web-loader.png') });
    console.log(`slow first visit: the loader painted at ${paint?.toFixed(0)} ms; at ${mid.now.toFixed(0)} ms ${(mid.share * 100).toFixed(0)}% received, the bar ${mid.bar.toFixed(0)} of ${mid.track.toFixed(0)} px: "${mid.text}"`);
    if (paint === null || paint > mid.now) fail('the loader was not painted before the download was a quarter done');
    if (!/^Downloading [\d.]+ of [\d.]+ MB$/.test(mid.text)) fail(`the loader does not say how much has arrived: "${mid.text}"`);
    if (!(mid.bar > 0 && mid.bar < mid.track)) fail(`the progress bar does not show the share received: ${mid.bar} of ${mid.track} px`);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await boardDrawn(page);
    const texts = await page.evaluate(() => window.loaderTexts);
    console.log(`the loader said: ${texts.filter((t, i) => !t.startsWith('Downloading') || !texts[i - 1]?.startsWith('Downloading')).join(' | ')} (${texts.length} texts)`);
    if (!texts.includes('Starting...')) fail('the loader never said "Starting..."');
    if (!(await page.evaluate(() => window.compiledStreaming))) fail('the wasm was not compiled while it downloaded (no instantiateStreaming)');
    if (texts.filter((t) => t.startsWith('Downloading')).length < 3) fail('the download\'s progress was shown fewer than three times');
    await context.close();
  }

  // 4. The download fails once; "Try again" starts the game.
  {
    const context = await visitor();
    let refused = 0;
    await context.route('**/gomoku_bg.wasm', (route) => (refused++ === 0 ? route.abort('connectionreset') : route.continue()));
    const page = await context.newPage();
    await page.goto(`${base}/?lang=en`);
    await page.waitForSelector('#retry', { state: 'visible', timeout: 60000 });
    const message = await page.evaluate(() => document.getElementById('loading-text').textContent);
    await page.screenshot({ path: path.join(out, 'web-loader-failed.png') });
    console.log(`a failed download: "${message}"`);
    if (!/download failed/.test(message)) fail(`the failed download is not explained: "${message}"`);
    await page.click('#retry');
    await boardDrawn(page);
    console.log('after "Try again" the board was drawn');
    await context.close();
  }

  // 5. No WebGL 2, in each language the game speaks: said plainly, nothing to retry.
  for (const [lang, title, tag] of [
    ['zh', '五子棋', 'zh-CN'], ['zh-TW', '五子棋', 'zh-TW'], ['ja', '五目並べ', 'ja'], ['ko', '오목', 'ko'],
    ['vi', 'Cờ caro', 'vi'], ['ru', 'Гомоку', 'ru'], ['cs', 'Piškvorky', 'cs'],
  ]) {
    const context = await visitor();
    await context.addInitScript(() => {
      const real = HTMLCanvasElement.prototype.getContext;
      HTMLCanvasElement.prototype.getContext = function (kind, ...rest) {
        return kind === 'webgl2' ? null : real.call(this, kind, ...rest);
      };
    });
    const page = await context.newPage();
    await page.goto(`${base}/?lang=${lang}`);
    await page.waitForFunction(() => document.getElementById('loading-text').classList.contains('error'), null, { timeout: 30000 });
    const seen = await page.evaluate(() => ({
      title: document.getElementById('loading-title').textContent,
      text: document.getElementById('loading-text').textContent,
      retry: getComputedStyle(document.getElementById('retry')).display,
      tag: document.documentElement.lang,
    }));
    if (lang === 'zh') await page.screenshot({ path: path.join(out, 'web-loader-no-webgl.png') });
    console.log(`without WebGL 2 (${lang}): ${seen.title}: "${seen.text}"`);
    if (seen.title !== title || seen.tag !== tag || !seen.text.includes('WebGL 2')) fail(`no clear word on the missing WebGL 2 in ${lang}: ${JSON.stringify(seen)}`);
    if (seen.retry !== 'none') fail('a retry is offered where retrying cannot help');
    await context.close();
  }

  // 6. A new build: the service worker (registered once the board is drawn) caches the game;
  // after one file changes, its next version downloads that file and copies the others from
  // the old cache. A response's Date says which: a copy keeps the first one.
  {
    const copy = path.join(work, 'dist');
    fs.cpSync(path.resolve(args.dist), copy, { recursive: true });
    const site = await serve(copy, 'update.sqlite');
    const context = await browser.newContext({ viewport: { width: 1000, height: 700 }, serviceWorkers: 'allow' });
    const page = await context.newPage();
    await page.goto(`${site}/?lang=en`);
    await boardDrawn(page);
    // The one cache of the game once it is complete (its hashes written, older ones gone):
    // its name and each file's Date.
    const settled = (version) => page.evaluate(async (version) => {
      await navigator.serviceWorker.ready;
      for (let i = 0; i < 600; i++) {
        const names = (await caches.keys()).filter((n) => n.startsWith('gomoku-'));
        if (names.length === 1 && (!version || names[0] === `gomoku-${version}`)) {
          const cache = await caches.open(names[0]);
          if (await cache.match('./.gomoku-hashes')) {
            const dates = {};
            for (const request of await cache.keys()) {
              const response = await cache.match(request);
              dates[new URL(request.url).pathname] = response.headers.get('date');
            }
            return { name: names[0], dates };
          }
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      return null;
    }, version);
    const before = await settled(null);
    if (!before) fail('the service worker did not cache the game within 60 s');
    else {
      // A second later (Date counts seconds), a build in which the manifest changed.
      await new Promise((r) => setTimeout(r, 1100));
      const manifestPath = path.join(copy, 'manifest.webmanifest');
      const changed = fs.readFileSync(manifestPath, 'utf8').replace(/\s*$/, '\n\n');
      fs.writeFileSync(manifestPath, changed);
      const hash = crypto.createHash('sha256').update(changed).digest('hex').slice(0, 16);
      const version = crypto.randomBytes(8).toString('hex');
      const sw = fs.readFileSync(path.join(copy, 'sw.js'), 'utf8');
      const updated = sw.replace(/const VERSION = '[0-9a-f]+';/, `const VERSION = '${version}';`)
        .replace(/\["manifest\.webmanifest", "[0-9a-f]+"\]/, `["manifest.webmanifest", "${hash}"]`);
      if (updated === sw || !updated.includes(hash)) throw new Error('sw.js has no version or file list to change');
      fs.writeFileSync(path.join(copy, 'sw.js'), updated);
      for (const f of ['sw.js', 'manifest.webmanifest']) for (const z of ['.br', '.gz']) fs.rmSync(path.join(copy, f + z), { force: true });
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
      const after = await settled(version);
      if (!after) fail('the new build\'s cache was not made within 60 s');
      else {
        const files = Object.keys(before.dates).filter((f) => f !== '/.gomoku-hashes');
        const fetched = files.filter((f) => after.dates[f] !== before.dates[f]);
        console.log(`a new build with one file changed: the service worker downloaded ${fetched.join(', ') || 'nothing'} and copied ${files.length - fetched.length} of ${files.length} files from the old cache`);
        if (files.some((f) => !before.dates[f])) fail('cached files have no Date to tell copies from downloads');
        if (fetched.length !== 1 || fetched[0] !== '/manifest.webmanifest') fail(`the new build did not download exactly the changed file: ${JSON.stringify(fetched)}`);
        const cachedManifest = await page.evaluate(async (name) => (await (await caches.open(name)).match('manifest.webmanifest')).text(), after.name);
        if (cachedManifest !== changed) fail('the new cache holds the old manifest');
      }
    }
    await context.close();
  }
} catch (e) {
  fail(String(e));
} finally {
  await browser.close();
  servers.forEach((s) => s.kill('SIGKILL'));
}
console.log(`loader: ${failed ? 0 : 1} passed, ${failed ? 1 : 0} failed`);
process.exit(failed ? 1 : 0);
