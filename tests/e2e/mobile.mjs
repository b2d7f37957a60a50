// Web end-to-end test on a phone: serves the web build, opens it in headless Chromium with
// mobile emulation (390x844 CSS pixels, touch events, device scale factor 3), starts a game
// against the AI, taps the board's centre once (the stone shows, nothing is played: "tap
// twice to place a stone" is on by default) and again (Black plays h8, the AI answers), and
// saves portrait screenshots after each step. The status lines come from the console
// (`gomoku-status: ...`).
//
//   node tests/e2e/mobile.mjs --dist web-dist --out target/e2e
import fs from 'node:fs';
import path from 'node:path';
import { launch, parseArgs, serve, waitFor } from './harness.mjs';

const args = parseArgs();
const dist = path.resolve(args.dist ?? 'web-dist');
const out = path.resolve(args.out ?? 'target/e2e');
fs.mkdirSync(out, { recursive: true });

const { server, port } = await serve(dist);
const browser = await launch({ deviceScaleFactor: 3 });
let failed = false;
const fail = (msg) => { console.log(`FAIL ${msg}`); failed = true; };
try {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const statuses = [];
  const errors = [];
  page.on('console', (m) => {
    const t = m.text();
    if (t.startsWith('gomoku-status: ')) statuses.push(t.slice('gomoku-status: '.length));
    if (m.type() === 'error') errors.push(t);
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`http://127.0.0.1:${port}/?mode=human-black&level=1&lang=en`);
  await page.waitForFunction(() => document.getElementById('loading').classList.contains('done'), null, { timeout: 120000 });
  await page.waitForTimeout(1000);
  await page.screenshot({ path: path.join(out, 'mobile-start.png') });
  const box = await page.locator('#game').boundingBox();
  const buffer = await page.evaluate(() => {
    const c = document.getElementById('game');
    return { width: c.width, height: c.height, dpr: window.devicePixelRatio };
  });
  console.log(`canvas ${box.width}x${box.height} CSS px at ${box.x},${box.y}; buffer ${buffer.width}x${buffer.height}, device pixel ratio ${buffer.dpr}`);
  if (Math.abs(box.width - 390) > 1) fail(`the canvas is ${box.width} CSS px wide, not the page's 390`);
  if (buffer.width !== Math.round(box.width * buffer.dpr)) fail(`the canvas draws ${buffer.width} device pixels across ${box.width} CSS px at device pixel ratio ${buffer.dpr}`);
  if (box.width > box.height) fail(`the canvas is not portrait: ${box.width}x${box.height}`);
  // Portrait: the board spans the width under the 44 px bar, so its centre is half the width
  // below the bar.
  const cx = box.x + box.width / 2;
  const cy = box.y + 44 + box.width / 2;
  await page.touchscreen.tap(cx, cy);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: path.join(out, 'mobile-one-tap.png') });
  const afterOne = [...statuses];
  if (afterOne.some((s) => /Black played/.test(s))) fail(`one tap played: ${JSON.stringify(afterOne)}`);
  await page.touchscreen.tap(cx, cy);
  const played = await waitFor(() => statuses.some((s) => /Black played h8/.test(s)), 10000);
  if (!played) fail(`two taps did not play h8: ${JSON.stringify(statuses)}`);
  const answered = await waitFor(() => statuses.some((s) => /White \(AI\) played/.test(s)), 60000);
  if (!answered) fail('the AI did not answer within 60 s');
  await page.waitForTimeout(1000);
  await page.screenshot({ path: path.join(out, 'mobile-two-taps.png') });
  console.log(`status lines: ${JSON.stringify(statuses)}`);
  if (errors.length) console.log(`console errors: ${errors.slice(0, 5).join(" | ")}`);
} catch (e) {
  fail(String(e));
} finally {
  await browser.close();
  server.close();
}
console.log(`mobile: ${failed ? 0 : 1} passed, ${failed ? 1 : 0} failed`);
process.exit(failed ? 1 : 0);
