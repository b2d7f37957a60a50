// Web end-to-end test: checks the game's wasm against its size budget (brotli), serves the web build,
// opens it in headless Chromium (Debian's, driven by playwright-core), starts a game against
// the AI, clicks the board's centre, waits for the AI's answer (read from the status lines the
// game writes to the console), measures the longest gap between animation frames while the AI
// thinks (in the engine's Web Worker), wins a game at the keyboard and reviews it in the replay
// viewer, measures the engine's speed in the worker against the same request natively, checks
// that a fixed-node analysis in the worker gives the native one's moves, values and depths, checks
// the manifest and plays offline from the service worker's cache after a reload, and saves
// screenshots.
//
//   node tests/e2e/web.mjs --dist web-dist --out target/e2e [--native target/release/gomoku-worker]
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { launch, parseArgs, serve, waitFor } from './harness.mjs';

const args = parseArgs();
const dist = path.resolve(args.dist ?? 'web-dist');
const out = path.resolve(args.out ?? 'target/e2e');
fs.mkdirSync(out, { recursive: true });

const { server, port } = await serve(dist);
const browser = await launch();
let failed = false;
const fail = (msg) => { console.log(`FAIL ${msg}`); failed = true; };
// The game's wasm within its budget, as the project's server sends it (brotli): Bevy and egui
// alone weigh 4,085 KiB (`make wasm-floor`); the game may add a tenth of that.
const WASM_BROTLI_BUDGET_KIB = 4500;
const wasmBrotli = fs.statSync(path.join(dist, 'gomoku_bg.wasm.br')).size / 1024;
console.log(`the game's wasm: ${wasmBrotli.toFixed(0)} KiB brotli (budget ${WASM_BROTLI_BUDGET_KIB} KiB)`);
if (wasmBrotli > WASM_BROTLI_BUDGET_KIB) fail(`the game's wasm is ${wasmBrotli.toFixed(0)} KiB brotli, over its budget of ${WASM_BROTLI_BUDGET_KIB} KiB`);
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  const statuses = [];
  const errors = [];
  const engineLines = [];
  page.on('console', (m) => {
    const t = m.text();
    if (t.startsWith('gomoku-status: ')) statuses.push(t.slice('gomoku-status: '.length));
    if (t.startsWith('gomoku-engine: ')) engineLines.push(t.slice('gomoku-engine: '.length));
    if (m.type() === 'error') errors.push(t);
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  // A corrupt saved profile from an earlier run: the game must report it, keep it aside and
  // start with a fresh one (only before the first load, not on the reload below).
  const corrupt = '{"format": "gomoku-profiles", "version": 1, "data": {"li';
  await page.addInitScript((bad) => {
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      localStorage.clear();
      localStorage.setItem('gomoku/profiles.json', bad);
    }
  }, corrupt);
  const t0 = Date.now();
  // The page's query string takes the game's command-line options: start a game at once.
  await page.goto(`http://127.0.0.1:${port}/?mode=human-black&level=3&lang=en`);
  await page.waitForFunction(() => document.getElementById('loading').classList.contains('done'), null, { timeout: 120000 });
  console.log(`page ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  await page.waitForTimeout(500);
  await page.screenshot({ path: path.join(out, 'web-start.png') });
  const box = await page.locator('#game').boundingBox();
  // Frame gaps on an idle board, for comparison.
  const idle = await page.evaluate(() => new Promise((resolve) => {
    const t = [];
    const tick = (now) => { t.push(now); if (t.length < 40) requestAnimationFrame(tick); else resolve(t); };
    requestAnimationFrame(tick);
  }));
  const idleGaps = idle.slice(1).map((v, i) => v - idle[i]).sort((a, b) => a - b);
  const idleMedian = idleGaps[Math.floor(idleGaps.length / 2)];
  const idleWorst = idleGaps[idleGaps.length - 1];

  // Frame gaps while the AI thinks: record requestAnimationFrame times from now on.
  await page.evaluate(() => {
    window.frameTimes = [];
    const tick = (t) => { window.frameTimes.push(t); requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
  });
  // Click the board's centre: the board sits left of the 240 px side panel, below the bar.
  const cx = box.x + (box.width - 240) / 2;
  const cy = box.y + 44 + (box.height - 44) / 2;
  await page.mouse.move(cx, cy);
  await page.mouse.click(cx, cy);
  const clickedAt = Date.now();
  const answered = await waitFor(() => statuses.some((s) => /White \(AI\) played/.test(s)), 60000);
  const thinkMs = Date.now() - clickedAt;
  const gaps = await page.evaluate(() => {
    const t = window.frameTimes;
    let worst = 0;
    for (let i = 1; i < t.length; i++) worst = Math.max(worst, t[i] - t[i - 1]);
    return { worst, frames: t.length };
  });
  await page.screenshot({ path: path.join(out, 'web-after-ai.png') });
  console.log(`status lines: ${JSON.stringify(statuses)}`);
  if (!statuses.some((s) => /Black played h8/.test(s))) fail('the click on the centre did not play h8');
  if (!answered) fail('the AI did not answer within 60 s');
  console.log(`idle board: median frame ${idleMedian.toFixed(0)} ms, longest ${idleWorst.toFixed(0)} ms (software rendering)`);
  console.log(`AI answered in ${thinkMs} ms; ${gaps.frames} frames meanwhile; longest gap between frames ${gaps.worst.toFixed(0)} ms`);
  // The second move, at the keyboard (two steps up from the AI's stone is always empty): the
  // worker is warm now, so this measures the frames while it thinks, not its start.
  await page.locator('#game').focus();
  await page.evaluate(() => { window.frameTimes = []; });
  const answersBefore = statuses.filter((s) => /White \(AI\) played/.test(s)).length;
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  const secondAt = Date.now();
  const second = await waitFor(() => statuses.filter((s) => /White \(AI\) played/.test(s)).length > answersBefore, 60000);
  const secondMs = Date.now() - secondAt;
  const gaps2 = await page.evaluate(() => {
    const t = window.frameTimes;
    let worst = 0;
    for (let i = 1; i < t.length; i++) worst = Math.max(worst, t[i] - t[i - 1]);
    return { worst, frames: t.length };
  });
  if (!second) fail('the AI did not answer the second move within 60 s');
  console.log(`second move: AI answered in ${secondMs} ms; ${gaps2.frames} frames meanwhile; longest gap ${gaps2.worst.toFixed(0)} ms (${(gaps2.worst / idleMedian).toFixed(1)}x the idle median)`);
  console.log(`the engine worker said: ${JSON.stringify(engineLines)}`);
  if (engineLines.length < 2) fail('the AI did not think in the engine worker');
  if (errors.length) console.log(`console errors: ${errors.slice(0, 5).join(' | ')}`);

  // Sound: the click resumed the game's audio.
  const audio = await page.evaluate(() => window.gomokuAudioStates());
  console.log(`audio contexts after the first click: ${JSON.stringify(audio)}`);
  if (!audio.length || !audio.every((s) => s === 'running')) fail(`audio is not running after a click: ${JSON.stringify(audio)}`);

  // Saved data: the corrupt profiles were kept aside byte for byte and fresh ones written;
  // the settings remember the game's set-up.
  const stored = await page.evaluate(() => Object.fromEntries(Object.keys(localStorage).map((k) => [k, localStorage.getItem(k)])));
  const kept = Object.keys(stored).filter((k) => k.startsWith('gomoku/profiles.json.unreadable-'));
  if (kept.length !== 1 || stored[kept[0]] !== corrupt) fail(`the corrupt profiles were not kept aside: ${JSON.stringify(Object.keys(stored))}`);
  let profiles = null;
  try { profiles = JSON.parse(stored['gomoku/profiles.json']); } catch (e) { /* reported below */ }
  if (profiles?.format !== 'gomoku-profiles' || !profiles.data.list.length) fail('no fresh profiles were saved');
  const settings = JSON.parse(stored['gomoku/settings.json'] ?? '{}');
  if (settings?.data?.last?.level !== 3) fail(`the settings do not remember level 3: ${stored['gomoku/settings.json']}`);
  console.log(`localStorage: ${Object.keys(stored).sort().join(', ')}`);

  // A reload (no query string) restores the last set-up from localStorage.
  statuses.length = 0;
  await page.goto(`http://127.0.0.1:${port}/`);
  await page.waitForFunction(() => document.getElementById('loading').classList.contains('done'), null, { timeout: 120000 });
  await page.waitForTimeout(500);
  await page.screenshot({ path: path.join(out, 'web-reloaded.png') });
  const after = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('unreadable')).length);
  if (after !== 1) fail(`the reload made ${after} kept-aside entries, expected still 1`);

  // The engine's speed in the page's worker, against the same request natively: the first of
  // Rapfi's balanced openings (no quick forced win, so the search runs its whole second), the
  // strongest level, one second.
  const at = (n) => ({ x: n.charCodeAt(0) - 97, y: 15 - Number(n.slice(1)) });
  const balanced = 'c7 i11 h10 g11 h7 h8 e10 d4 j11'.split(' ').map(at);
  const request = JSON.stringify({
    id: 1, size: 15, rule: 'Freestyle', level: [5, 1000], seed: 1, moves: balanced,
  });
  const inBrowser = await page.evaluate((req) => new Promise((resolve) => {
    const w = new Worker('./engine-worker.js', { type: 'module' });
    w.onmessage = (e) => { w.terminate(); resolve(JSON.parse(e.data)); };
    w.onerror = (e) => resolve({ error: String(e.message) });
    w.postMessage(req);
  }), request);
  const speed = (a) => Math.round(a.nodes / Math.max(a.millis, 1) * 1000);
  if (inBrowser.error || !inBrowser.best || !(inBrowser.nodes > 0)) fail(`the worker did not answer the benchmark: ${JSON.stringify(inBrowser)}`);
  else {
    let line = `engine in the browser's worker: ${inBrowser.nodes} nodes in ${inBrowser.millis} ms (${speed(inBrowser)} nodes/s)`;
    if (args.native) {
      const run = spawnSync(args.native, { input: `${request}\n`, encoding: 'utf8' });
      const native = JSON.parse(run.stdout.trim() || '{}');
      if (native.nodes > 0) line += `; natively ${native.nodes} nodes in ${native.millis} ms (${speed(native)} nodes/s): the browser at ${(speed(inBrowser) / speed(native) * 100).toFixed(0)}%`;
      else fail(`the native worker did not answer: ${run.stdout} ${run.stderr}`);
    }
    console.log(line);
  }

  // As strong per node: an analysis job at fixed node budgets (no clock in it) searched in the
  // page's worker and natively must come out the same, line for line: moves, values, depths,
  // nodes and lines of play (the win probabilities only to 1e-9: the two targets' `exp` may
  // differ in the last bit).
  const job = JSON.stringify({
    id: 2,
    // The same opening: no forced win, four rounds of three lines.
    job: { Analyse: { size: 15, rule: 'Freestyle', budget: [20000, 160000], moves: balanced } },
  });
  const isLast = (u) => Boolean(u.Failed || u.Analysis?.report?.done);
  const jobInBrowser = await page.evaluate((text) => new Promise((resolve) => {
    const w = new Worker('./engine-worker.js', { type: 'module' });
    const updates = [];
    w.onmessage = (e) => {
      const u = JSON.parse(e.data);
      updates.push(u);
      if (u.Failed || u.Analysis?.report?.done) { w.terminate(); resolve(updates); }
    };
    w.onerror = (e) => resolve([{ Failed: { id: 0, error: String(e.message) } }]);
    w.postMessage({ job: text });
  }), job);
  const comparable = (u) => JSON.stringify(u, (k, v) => (k === 'win_probability' ? Math.round(v * 1e9) : v));
  const analysisRounds = (updates) => updates.filter((u) => u.Analysis);
  const lastOf = (updates) => analysisRounds(updates).at(-1)?.Analysis.report;
  if (!jobInBrowser.length || !isLast(jobInBrowser.at(-1)) || jobInBrowser.some((u) => u.Failed)) {
    fail(`the worker's fixed-node analysis did not end: ${JSON.stringify(jobInBrowser.at(-1))}`);
  } else {
    const report = lastOf(jobInBrowser);
    let line = `fixed-node analysis in the browser's worker: ${analysisRounds(jobInBrowser).length} rounds, the last at ${report.nodes} nodes a line, best ${JSON.stringify(report.lines[0]?.best)} value ${report.lines[0]?.score} depth ${report.lines[0]?.depth}`;
    if (args.native) {
      const run = spawnSync(args.native, { input: `${job}\n`, encoding: 'utf8' });
      const native = run.stdout.trim().split('\n').filter((l) => l).map((l) => JSON.parse(l));
      const same = native.length === jobInBrowser.length
        && native.every((u, i) => comparable(u) === comparable(jobInBrowser[i]));
      if (same) line += `; natively the same, round for round (${native.length} updates)`;
      else {
        const n = Math.max(native.length, jobInBrowser.length);
        const i = Array.from({ length: n }, (_, k) => k)
          .find((k) => comparable(native[k] ?? null) !== comparable(jobInBrowser[k] ?? null));
        fail(`the worker's search differs from the native one at update ${i + 1} (browser ${jobInBrowser.length} updates, native ${native.length}): browser ${comparable(jobInBrowser[i] ?? null)}, native ${comparable(native[i] ?? null)} ${run.stderr}`);
      }
    }
    console.log(line);
  }

  // A game won at the keyboard, then reviewed in the browser: black makes five on the h file
  // while white looks away; the replay viewer reviews it (in the engine's worker) and the
  // review is saved with the game, white's ignored threat marked a blunder.
  statuses.length = 0;
  let reviewEnded = false;
  page.on('console', (m) => { if (m.text() === 'gomoku-review: ended') reviewEnded = true; });
  await page.goto(`http://127.0.0.1:${port}/?mode=two-players&moves=h8+a1+h9+a3+h10+a5+h11+i12&lang=en`);
  await page.waitForFunction(() => document.getElementById('loading').classList.contains('done'), null, { timeout: 120000 });
  await page.waitForTimeout(300);
  await page.locator('#game').focus();
  // The cursor starts on the last move (i12): one step left is h12, the five.
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  const won = await waitFor(() => statuses.some((s) => /Black wins/.test(s)), 20000);
  if (!won) fail(`the keyboard's h12 did not win the game: ${JSON.stringify(statuses)}`);
  const t1 = Date.now();
  await page.goto(`http://127.0.0.1:${port}/?replay&review`);
  await page.waitForFunction(() => document.getElementById('loading').classList.contains('done'), null, { timeout: 120000 });
  const reviewed = await waitFor(() => reviewEnded, 180000);
  await page.waitForTimeout(500);
  await page.screenshot({ path: path.join(out, 'web-review.png') });
  if (!reviewed) fail('the review did not end within 180 s');
  const history = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.includes('history'));
    return key ? localStorage.getItem(key) : null;
  });
  const reviews = [];
  const findReviews = (v) => {
    if (Array.isArray(v)) v.forEach(findReviews);
    else if (v && typeof v === 'object') {
      if (Array.isArray(v.moves) && v.moves.length && v.moves.every((m) => m && typeof m.class === 'string')) reviews.push(v);
      else Object.values(v).forEach(findReviews);
    }
  };
  try { findReviews(JSON.parse(history ?? 'null')); } catch (e) { fail(`the saved history does not read: ${e}`); }
  const review = reviews[reviews.length - 1];
  if (!review) fail('no review was saved with the game');
  else {
    const marks = review.moves.map((m) => `${m.number}${m.colour === 'Black' ? 'b' : 'w'}:${m.class}`);
    console.log(`review in the browser: ${review.moves.length} moves in ${((Date.now() - t1) / 1000).toFixed(1)} s: ${marks.join(' ')}`);
    if (review.moves.length !== 9 || review.complete !== true) fail(`the review is not complete: ${review.moves.length} moves`);
    if (!review.moves.some((m) => m.colour === 'White' && m.class === 'Blunder')) fail('white ignoring the open three is not a blunder');
  }

  // Analysis mode in the browser: the rounds come from the engine's worker, deeper and deeper,
  // to the forced win of black's open three, while the page keeps drawing.
  const rounds = [];
  // (The browser's console line ends with the log's CSS arguments: cut off.)
  page.on('console', (m) => { if (m.text().includes('analysis: round')) rounds.push(m.text().replace(/^.*analysis: /, '').replace(/ color: .*$/, '').trim()); });
  const t2 = Date.now();
  await page.goto(`http://127.0.0.1:${port}/?mode=two-players&moves=h8+h9+i8+i9+j8+a1&analyse&lang=en`);
  await page.waitForFunction(() => document.getElementById('loading').classList.contains('done'), null, { timeout: 120000 });
  const analysed = await waitFor(() => rounds.some((r) => r.endsWith(', done')), 120000);
  await page.screenshot({ path: path.join(out, 'web-analysis.png') });
  console.log(`analysis in the browser: ${rounds.length} rounds from the worker in ${((Date.now() - t2) / 1000).toFixed(1)} s, the last: ${rounds[rounds.length - 1]}`);
  if (!analysed) fail(`the analysis did not finish in its worker: ${JSON.stringify(rounds.slice(-2))}`);
  else if (!rounds[rounds.length - 1].includes('a forced win')) fail(`the analysis missed black's forced win: ${rounds[rounds.length - 1]}`);

  // Installable and offline: the manifest names its icons, the service worker caches the game,
  // and with the network gone a reload still starts it and the AI (in its worker) answers.
  const manifest = await page.evaluate(async () => (await fetch('manifest.webmanifest')).json());
  if (!manifest.icons?.some((i) => i.sizes === '512x512')) fail(`the manifest has no 512 px icon: ${JSON.stringify(manifest)}`);
  const cached = await page.evaluate(() => Promise.race([
    navigator.serviceWorker.ready.then(async () => {
      const names = await caches.keys();
      const cache = await caches.open(names.find((n) => n.startsWith('gomoku-')));
      return (await cache.keys()).length;
    }),
    new Promise((resolve) => setTimeout(() => resolve(0), 60000)),
  ]));
  console.log(`service worker: ${cached} files cached`);
  if (!cached) fail('the service worker did not cache the game within 60 s');
  await page.context().setOffline(true);
  statuses.length = 0;
  engineLines.length = 0;
  await page.goto(`http://127.0.0.1:${port}/?mode=human-black&level=3&lang=en`);
  await page.waitForFunction(() => document.getElementById('loading').classList.contains('done'), null, { timeout: 120000 });
  await page.waitForTimeout(500);
  await page.mouse.click(cx, cy);
  const offlineAnswer = await waitFor(() => statuses.some((s) => /White \(AI\) played/.test(s)), 60000);
  await page.screenshot({ path: path.join(out, 'web-offline.png') });
  await page.context().setOffline(false);
  console.log(`offline: ${JSON.stringify(statuses)}; the engine worker said ${JSON.stringify(engineLines)}`);
  if (!offlineAnswer) fail('offline, the AI did not answer a move after a reload');
} catch (e) {
  fail(String(e));
} finally {
  await browser.close();
  server.close();
}
console.log(`web: ${failed ? 0 : 1} passed, ${failed ? 1 : 0} failed`);
process.exit(failed ? 1 : 0);
