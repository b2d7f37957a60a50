// The desktop game against the web game, through a real local server: `gomoku-server --web`
// serves the web build and the WebSocket on one free port; the desktop game (a real window
// under its own Xvfb) and the web game (headless Chromium, its default server being its page's
// origin) both ask for a quick match and are paired; each plays its moves at the keyboard
// (xdotool for the window, Playwright for the page), and the game ends in a five. Checked: both
// sides see every move and the end, both keep the finished game in their local history, and
// both screens are saved (the desktop's read from Xvfb's frame buffer). Halfway the server is
// killed (SIGKILL) and started again on the same port and database: both players must be seated
// again within seconds, and the web page must show the stones again (counted on its screen)
// before the game goes on. Then the desktop's account is protected with a password and a web
// page of a fresh browser profile signs in to it with the name and password typed at its
// keyboard: the same player, rating and finished game; a third page pairs with a code typed
// at its keyboard; and signing out everywhere asks all three to sign in again.
//
//   node tests/e2e/online.mjs --server TARGET/debug/gomoku-server --game TARGET/debug/gomoku \
//        --dist WEB_DIST --out OUT_DIR
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs, launch, waitFor } from './harness.mjs';
import { xwdToPng } from './xwd.mjs';
import { decodePng, stonePixels } from './png.mjs';

const args = parseArgs();
for (const k of ['server', 'game', 'dist', 'out']) {
  if (!args[k]) throw new Error(`--${k} is needed`);
}
const out = path.resolve(args.out);
fs.mkdirSync(out, { recursive: true });
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'gomoku-online-e2e-'));
const children = [];
let failed = false;
const fail = (msg) => { console.log(`FAIL ${msg}`); failed = true; };
const cleanup = () => { for (const c of children) { try { c.kill('SIGKILL'); } catch { /* gone */ } } };
process.on('exit', cleanup);
// The whole test is bounded: a hang is a failure, not a stuck CI.
setTimeout(() => { console.log('FAIL the online end-to-end test took over 8 minutes'); cleanup(); process.exit(1); }, 480_000).unref();

// The server, with the web build, on a free port (the second time on the same port).
let serverLog = '';
const startServer = (onPort) => {
  const child = spawn(args.server, ['--port', String(onPort), '--db', path.join(work, 'server.sqlite'), '--web', path.resolve(args.dist)], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  child.stderr.on('data', (d) => { serverLog += d; });
  const listening = new Promise((resolve, reject) => {
    let first = '';
    child.stdout.on('data', (d) => {
      first += d;
      const m = first.match(/listening on ws:\/\/127\.0\.0\.1:(\d+)\/ws/);
      if (m) resolve(Number(m[1]));
    });
    child.on('exit', (code) => reject(new Error(`the server stopped (${code}): ${serverLog}`)));
  });
  return { child, listening };
};
let server = startServer(0);
const port = await server.listening;
console.log(`server on 127.0.0.1:${port}`);

// A display of our own, its frame buffer readable as a file.
const [width, height] = [1024, 768];
let display = 90;
while (fs.existsSync(`/tmp/.X11-unix/X${display}`) || fs.existsSync(`/tmp/.X${display}-lock`)) display += 1;
const fbdir = fs.mkdtempSync(path.join(work, 'fb-'));
const xvfb = spawn('Xvfb', [`:${display}`, '-screen', '0', `${width}x${height}x24`, '-fbdir', fbdir, '-nolisten', 'tcp'], { stdio: 'ignore' });
children.push(xvfb);
if (!await waitFor(() => fs.existsSync(`/tmp/.X11-unix/X${display}`), 10_000)) throw new Error('Xvfb did not start');
const xenv = { ...process.env, DISPLAY: `:${display}` };
const xdotool = (...a) => execFileSync('xdotool', a, { env: xenv, encoding: 'utf8' }).trim();

// A log line without its colours: ANSI codes on the desktop, CSS arguments in the browser.
const plain = (line) => line.replace(/\x1b\[[0-9;]*m/g, '').replace(/ color: .*$/, '').trim();

// The desktop player: its server set as the Settings window would keep it.
const data = path.join(work, 'desktop-data');
fs.mkdirSync(data);
fs.writeFileSync(path.join(data, 'online.json'), JSON.stringify({
  format: 'gomoku-online', version: 1, data: { address: `ws://127.0.0.1:${port}/ws`, name: 'Desk', servers: [] },
}));
// --verbose: the test follows the game through its information lines (" online: ...").
const desktop = spawn(args.game, ['--lang', 'en', '--window', `${width}x${height}`, '--quick-match', '--verbose'], {
  env: { ...xenv, GOMOKU_DATA_DIR: data, WGPU_BACKEND: 'vulkan' }, stdio: ['ignore', 'pipe', 'pipe'],
});
children.push(desktop);
// Each client's "seated as" lines with the time the test saw them (for the restart's figures).
const seatedAt = { desktop: [], web: [] };
const desktopLines = [];
let desktopLog = '';
for (const stream of [desktop.stdout, desktop.stderr]) {
  let rest = '';
  stream.on('data', (d) => {
    desktopLog += d;
    const lines = (rest + d).split('\n');
    rest = lines.pop();
    for (const l of lines.map(plain)) {
      if (!l.includes(' online: ')) continue;
      const line = l.replace(/^.* online: /, '');
      desktopLines.push(line);
      if (line.startsWith('seated as')) seatedAt.desktop.push(Date.now());
    }
  });
}
desktop.on('exit', (code) => {
  if (code !== null && code !== 0) fail(`the desktop game stopped with ${code}: ${desktopLog.slice(-1500)}`);
});
process.on('exit', () => fs.writeFileSync(path.join(out, 'online-desktop.log'), desktopLog));

// The web player, served by the same server: no address to set.
const browser = await launch();
const page = await browser.newPage({ viewport: { width, height } });
const webLines = [];
let webLog = '';
page.on('console', (m) => {
  const t = plain(m.text());
  webLog += `${new Date().toISOString()} ${t}\n`;
  if (t.startsWith('online: ') || t.includes(' online: ')) {
    const line = t.replace(/^(.* )?online: /, '');
    webLines.push(line);
    if (line.startsWith('seated as')) seatedAt.web.push(Date.now());
  }
});
process.on('exit', () => fs.writeFileSync(path.join(out, 'online-web.log'), webLog));
await page.goto(`http://127.0.0.1:${port}/?quick-match&lang=en`);
await page.waitForFunction(() => document.getElementById('loading').classList.contains('done'), null, { timeout: 120000 });
await page.locator('#game').focus();

const seatOf = (lines) => lines.map((l) => l.match(/^seated as (Black|White) in game (\w+)/)).find(Boolean);
if (!await waitFor(() => seatOf(desktopLines) && seatOf(webLines), 120_000)) {
  throw new Error(`not paired: desktop ${JSON.stringify(desktopLines)}, web ${JSON.stringify(webLines)}`);
}
const [, deskColour, deskCode] = seatOf(desktopLines);
const [, webColour, webCode] = seatOf(webLines);
console.log(`paired in game ${deskCode}: desktop ${deskColour}, web ${webColour}`);
if (deskCode !== webCode || deskColour === webColour) fail(`not one game: ${deskColour} in ${deskCode}, ${webColour} in ${webCode}`);

// The window takes the keys.
const windowId = xdotool('search', '--sync', '--name', 'Gomoku').split('\n')[0];
xdotool('windowfocus', '--sync', windowId);
const xkey = { Enter: 'Return', ArrowRight: 'Right', ArrowUp: 'Up' };
// A key, then time for a frame to take it: two presses of one key within a frame count once
// (software rendering draws a frame in up to a second), so each waits for the game's frames.
const frames = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
const press = async (who, keys) => {
  for (const k of keys) {
    if (who === 'desktop') {
      xdotool('key', '--clearmodifiers', xkey[k]);
      await new Promise((r) => setTimeout(r, 700));
    } else {
      await page.keyboard.press(k);
      await frames();
      await new Promise((r) => setTimeout(r, 200));
      await frames();
    }
  }
};
const black = deskColour === 'Black' ? 'desktop' : 'web';
const white = black === 'desktop' ? 'web' : 'desktop';
// Black: h8 (Enter shows the cursor on the centre, Enter plays), then i8, j8, k8, l8 to the
// right. White: h10 (the first arrow starts from the last move), then i10, j10, k10.
const script = [
  [black, ['Enter', 'Enter'], 'h8'], [white, ['ArrowUp', 'ArrowUp', 'Enter'], 'h10'],
  [black, ['ArrowRight', 'Enter'], 'i8'], [white, ['ArrowRight', 'Enter'], 'i10'],
  [black, ['ArrowRight', 'Enter'], 'j8'], [white, ['ArrowRight', 'Enter'], 'j10'],
  [black, ['ArrowRight', 'Enter'], 'k8'], [white, ['ArrowRight', 'Enter'], 'k10'],
  [black, ['ArrowRight', 'Enter'], 'l8'],
];
// The stones on the web page's board: inside its wood (at 1024x768 the board fills the left
// 764 px below the 44 px bar, its wood from about (35, 48) to (749, 762)).
const boardArea = { x0: 40, y0: 52, x1: 745, y1: 758 };
const webStones = async () => stonePixels(decodePng(await page.screenshot()), boardArea);
const restartAfter = 4;
const restart = async () => {
  await new Promise((r) => setTimeout(r, 1500));
  const before = await webStones();
  const seatedBefore = [desktopLines, webLines].map((lines) => lines.filter((l) => l.startsWith('seated as')).length);
  server.child.kill('SIGKILL');
  await new Promise((r) => server.child.on('exit', r));
  console.log(`server killed after ${restartAfter} moves; down for 2 s`);
  await new Promise((r) => setTimeout(r, 2000));
  server = startServer(port);
  await server.listening;
  const back = Date.now();
  const reseated = await waitFor(() => [desktopLines, webLines].every((lines, i) => lines.filter((l) => l.startsWith('seated as')).length > seatedBefore[i]), 30_000);
  const took = Date.now() - back;
  if (!reseated) {
    fail(`not both seated again within 30 s of the restart: desktop ${JSON.stringify(desktopLines.slice(-3))}, web ${JSON.stringify(webLines.slice(-3))}`);
    return;
  }
  const each = Object.entries(seatedAt).map(([who, times]) => `${who} ${times[times.length - 1] - back} ms`).join(', ');
  console.log(`both seated again ${took} ms after the server was back (${each})`);
  // The clients' longest retry delay is 1.5 s (pinned by the unit tests; the headless test
  // of tests/app_online.rs comes back within 2 s). Each step after it takes one of the game's
  // frames (the delay's end, the socket opened, the hello, the welcome and the resume, the
  // seat), and here both games draw in software on two cores: a frame of the web page takes
  // up to half a second (1.7 to 3.0 s measured for the web page, 0.2 to 1.7 s for the
  // desktop). Past 5 s a client waited longer than its delays and frames allow.
  if (took > 5000) fail(`seated again only ${took} ms after the server was back (at most 5 s)`);
  // The page redraws the whole position: the stones are on its screen again.
  await new Promise((r) => setTimeout(r, 1500));
  const after = await webStones();
  await page.screenshot({ path: path.join(out, 'online-web-after-restart.png') });
  console.log(`web board's stone pixels: before the restart ${JSON.stringify(before)}, after ${JSON.stringify(after)}`);
  // Four stones (two of each) are about 1,300 near-black and 800 light grey pixels; an empty
  // board has next to none.
  if (before.dark < 800 || before.light < 500) fail(`the web board did not show its four stones before the restart: ${JSON.stringify(before)}`);
  if (after.dark < before.dark * 0.8 || after.light < before.light * 0.8) fail(`the web board lost stones over the restart: ${JSON.stringify(before)} before, ${JSON.stringify(after)} after`);
};
const started = Date.now();
for (const [i, [who, keys, at]] of script.entries()) {
  if (i === restartAfter) await restart();
  const want = `move ${i + 1} at ${at}`;
  await press(who, keys);
  const seen = await waitFor(() => desktopLines.includes(want) && webLines.includes(want), 20_000);
  if (!seen) {
    fail(`${want} (${who}) not seen by both: desktop ${JSON.stringify(desktopLines.slice(-3))}, web ${JSON.stringify(webLines.slice(-3))}`);
    break;
  }
}
console.log(`9 moves through the server (and its restart) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
const ended = (lines) => lines.find((l) => l.startsWith(`game ${deskCode} finished after 9 moves`));
if (!await waitFor(() => ended(desktopLines) && ended(webLines), 20_000)) {
  fail(`the end not seen by both: desktop ${JSON.stringify(desktopLines.slice(-2))}, web ${JSON.stringify(webLines.slice(-2))}`);
} else {
  console.log(`desktop: ${ended(desktopLines)}; web: ${ended(webLines)}`);
  if (!/Black/.test(ended(desktopLines))) fail(`black's five did not win: ${ended(desktopLines)}`);
}

// Both screens, once the win's animation has played.
await new Promise((r) => setTimeout(r, 3000));
await page.screenshot({ path: path.join(out, 'online-web.png') });
fs.writeFileSync(path.join(out, 'online-desktop.png'), xwdToPng(fs.readFileSync(path.join(fbdir, 'Xvfb_screen0'))));
console.log(`screenshots: ${path.join(out, 'online-desktop.png')} ${path.join(out, 'online-web.png')}`);

// Both keep the finished game in their own history.
const finishedIn = (text) => {
  if (!text) return null;
  const games = JSON.parse(text).data?.games ?? [];
  return games.find((g) => g.mode && typeof g.mode === 'object' && 'Online' in g.mode) ?? null;
};
const historyFile = path.join(data, 'history.json');
const readDesk = () => (fs.existsSync(historyFile) ? finishedIn(fs.readFileSync(historyFile, 'utf8')) : null);
await waitFor(() => readDesk(), 10_000);
const deskRecord = readDesk();
const webRecord = finishedIn(await page.evaluate(() => localStorage.getItem('gomoku/history.json')));
if (!deskRecord) fail('the desktop history has no online game');
if (!webRecord) fail('the web history has no online game');
if (deskRecord && webRecord) {
  const [a, b] = [JSON.stringify(deskRecord.moves), JSON.stringify(webRecord.moves)];
  const count = String(deskRecord.moves).trim().split(/\s+/).length;
  if (a !== b || count !== 9) fail(`the histories differ or are short: ${a} against ${b}`);
  else console.log(`both histories hold the game: ${deskRecord.black} against ${deskRecord.white}, ${a}, ${JSON.stringify(deskRecord.result)}`);
}

// One account on every device (issue 84): the desktop's account is protected with a password
// (through the desktop's own session, as its Account window sends it), then a fresh web page
// (no player of its own: a new browser profile) opened on its Account window (?account) signs
// in with the desktop's name and that password, typed at the keyboard (the name field has the
// keyboard; Tab, the password; Enter), and is welcomed as the same player with the same rating,
// the finished game merged into its history.
const password = 'correct horse e2e';
const deskToken = JSON.parse(fs.readFileSync(path.join(data, 'online.json'), 'utf8')).data.servers
  .map((s) => s.player_token).find(Boolean);
const setPassword = await page.evaluate(async ({ url, token, password }) => new Promise((resolve) => {
  const ws = new WebSocket(url);
  const seen = [];
  const timer = setTimeout(() => { ws.close(); resolve(`no answer: ${seen.join(' | ')}`); }, 10000);
  ws.onopen = () => ws.send(JSON.stringify({ type: 'hello', version: 3, token }));
  ws.onmessage = (e) => {
    const m = JSON.parse(e.data);
    seen.push(m.type);
    if (m.type === 'welcome') ws.send(JSON.stringify({ type: 'set_password', password }));
    if (m.type === 'password_set' || m.type === 'error') { clearTimeout(timer); ws.close(); resolve(m.type === 'password_set' ? 'set' : JSON.stringify(m)); }
  };
}), { url: `ws://127.0.0.1:${port}/ws`, token: deskToken, password });
if (setPassword !== 'set') fail(`the desktop's account was not protected with a password: ${setPassword}`);
const deskRating = desktopLines.filter((l) => l.startsWith('rating now ')).map((l) => l.slice('rating now '.length)).pop();
const other = await browser.newContext({ viewport: { width, height } });
const phone = await other.newPage();
const phoneLines = [];
let phoneLog = '';
phone.on('console', (m) => {
  const t = plain(m.text());
  phoneLog += `${new Date().toISOString()} ${t}\n`;
  if (t.startsWith('online: ') || t.includes(' online: ')) phoneLines.push(t.replace(/^(.* )?online: /, ''));
});
process.on('exit', () => fs.writeFileSync(path.join(out, 'online-web-signed-in.log'), phoneLog));
await phone.goto(`http://127.0.0.1:${port}/?account&lang=en`);
await phone.waitForFunction(() => document.getElementById('loading').classList.contains('done'), null, { timeout: 120000 });
await phone.locator('#game').focus();
await new Promise((r) => setTimeout(r, 2000));
await phone.screenshot({ path: path.join(out, 'online-web-sign-in.png') });
// Focus moves at the end of a frame: the keys typed after Tab wait for the page's frames (a
// letter typed in Tab's frame would still go to the name).
const phoneFrames = async () => {
  for (let i = 0; i < 2; i += 1) {
    await phone.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await new Promise((r) => setTimeout(r, 300));
  }
};
await phone.keyboard.type('desk', { delay: 120 });
await phoneFrames();
await phone.keyboard.press('Tab');
await phoneFrames();
await phone.keyboard.type(password, { delay: 120 });
await phoneFrames();
await phone.keyboard.press('Enter');
const signedIn = () => phoneLines.find((l) => l.startsWith('signed in as '));
if (!await waitFor(() => signedIn(), 30_000)) {
  fail(`the web page did not sign in with the desktop's name and password: ${JSON.stringify(phoneLines.slice(-4))}`);
} else {
  console.log(`web page: ${signedIn()} (the desktop: rating ${deskRating})`);
  if (signedIn() !== `signed in as Desk, rating ${deskRating}`) fail(`not the desktop's player and rating: ${signedIn()}, the desktop's rating ${deskRating}`);
  const merged = () => phoneLines.find((l) => / games of the account, \d+ new in the history/.test(l));
  await waitFor(() => merged(), 20_000);
  await new Promise((r) => setTimeout(r, 1000));
  const phoneRecord = finishedIn(await phone.evaluate(() => localStorage.getItem('gomoku/history.json')));
  if (!phoneRecord || !deskRecord || JSON.stringify(phoneRecord.moves) !== JSON.stringify(deskRecord.moves)) {
    fail(`the signed-in web page's history lacks the desktop's game: ${merged()}, ${JSON.stringify(phoneRecord)}`);
  } else {
    console.log(`the signed-in web page's history holds the desktop's game: ${phoneRecord.black} against ${phoneRecord.white}, ${JSON.stringify(phoneRecord.moves)} (${merged()})`);
  }
}
await phone.screenshot({ path: path.join(out, 'online-web-signed-in.png') });

// A request through a session of the account (the desktop's, as its Account window sends it):
// the first answer among `until`.
const asSession = (token, request, until) => page.evaluate(async ({ url, token, request, until }) => new Promise((resolve) => {
  const ws = new WebSocket(url);
  const seen = [];
  const timer = setTimeout(() => { ws.close(); resolve({ type: 'none', seen }); }, 10000);
  ws.onopen = () => ws.send(JSON.stringify({ type: 'hello', version: 3, token }));
  ws.onmessage = (e) => {
    const m = JSON.parse(e.data);
    seen.push(m.type);
    if (m.type === 'welcome') ws.send(JSON.stringify(request));
    else if (until.includes(m.type)) { clearTimeout(timer); ws.close(); resolve(m); }
  };
}), { url: `ws://127.0.0.1:${port}/ws`, token, request, until });

// Pairing: the desktop's account asks for a pairing code; a third device (a tablet: another
// fresh browser profile) opened on its Account window types it in the pairing field (Tab past
// the name and the password, the Sign in button being off while they are empty; letters typed
// in lower case with the dash) and presses Enter: it is welcomed as the desktop's player.
const pairing = await asSession(deskToken, { type: 'pairing_code' }, ['pairing_code', 'error']);
const tabletContext = await browser.newContext({ viewport: { width, height } });
const tablet = await tabletContext.newPage();
const tabletLines = [];
tablet.on('console', (m) => {
  const t = plain(m.text());
  if (t.startsWith('online: ') || t.includes(' online: ')) tabletLines.push(t.replace(/^(.* )?online: /, ''));
});
if (pairing.type !== 'pairing_code') {
  fail(`no pairing code for the desktop's account: ${JSON.stringify(pairing)}`);
} else {
  await tablet.goto(`http://127.0.0.1:${port}/?account&lang=en`);
  await tablet.waitForFunction(() => document.getElementById('loading').classList.contains('done'), null, { timeout: 120000 });
  await tablet.locator('#game').focus();
  await new Promise((r) => setTimeout(r, 2000));
  const tabletFrames = async () => {
    for (let i = 0; i < 2; i += 1) {
      await tablet.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      await new Promise((r) => setTimeout(r, 300));
    }
  };
  for (const key of ['Tab', 'Tab']) {
    await tablet.keyboard.press(key);
    await tabletFrames();
  }
  await tablet.keyboard.type(pairing.code.toLowerCase(), { delay: 120 });
  await tabletFrames();
  await tablet.keyboard.press('Enter');
  const paired = () => tabletLines.find((l) => l.startsWith('signed in as '));
  if (!await waitFor(() => paired(), 30_000)) {
    await tablet.screenshot({ path: path.join(out, 'online-web-pairing.png') });
    fail(`the tablet did not pair with code ${pairing.code}: ${JSON.stringify(tabletLines.slice(-4))}`);
  } else {
    console.log(`tablet paired with ${pairing.code}: ${paired()}`);
    if (!paired().startsWith('signed in as Desk,')) fail(`the tablet is not the desktop's player: ${paired()}`);
  }
}

// Sign out everywhere, from the desktop's account: the desktop (its real window), the web page
// signed in with the password and the paired tablet are each told, drop their token, and ask
// to sign in again (their Account window open).
const everywhere = await asSession(deskToken, { type: 'sign_out', which: 'everywhere' }, ['signed_out', 'error']);
if (everywhere.type !== 'signed_out' || everywhere.sessions !== 3) {
  fail(`sign out everywhere: ${JSON.stringify(everywhere)} (three sessions expected: desktop, password, pairing)`);
}
const signedOut = (lines) => lines.find((l) => l.startsWith('signed out on this device'));
const everyone = () => signedOut(desktopLines) && signedOut(phoneLines) && signedOut(tabletLines);
if (!await waitFor(() => everyone(), 15_000)) {
  fail(`not every device heard it was signed out: desktop ${signedOut(desktopLines)}, web ${signedOut(phoneLines)}, tablet ${signedOut(tabletLines)}`);
} else {
  console.log(`signed out everywhere: the desktop, the web page and the tablet each say "${signedOut(desktopLines)}"`);
}
await new Promise((r) => setTimeout(r, 1500));
fs.writeFileSync(path.join(out, 'online-desktop-signed-out.png'), xwdToPng(fs.readFileSync(path.join(fbdir, 'Xvfb_screen0'))));
await tablet.screenshot({ path: path.join(out, 'online-web-signed-out.png') });
const deskTokenAfter = JSON.parse(fs.readFileSync(path.join(data, 'online.json'), 'utf8')).data.servers
  .map((s) => s.player_token).find(Boolean);
if (deskTokenAfter) fail('the desktop kept its token after signing out everywhere');
await tabletContext.close();
await other.close();

await browser.close();
if (/panicked|ERROR/.test(serverLog)) fail(`the server's log: ${serverLog.slice(-500)}`);
console.log(`online: ${failed ? 0 : 1} passed, ${failed ? 1 : 0} failed`);
cleanup();
process.exit(failed ? 1 : 0);
