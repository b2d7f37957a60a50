// What the web end-to-end tests share: their arguments, a static server for the web build on
// a free loopback port, headless Chromium (Debian's, software rendering) and a polling wait.
import { chromium } from 'playwright-core';
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';

/** `--name value` pairs of the command line. */
export function parseArgs(argv = process.argv.slice(2)) {
  return Object.fromEntries(argv.reduce((acc, a, i, all) => (a.startsWith('--') ? [...acc, [a.slice(2), all[i + 1]]] : acc), []));
}

const types = { '.webmanifest': 'application/manifest+json', '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.png': 'image/png', '.ogg': 'audio/ogg', '.wav': 'audio/wav', '.ttf': 'font/ttf', '.otf': 'font/otf', '.json': 'application/json' };

/** Serves the folder `dist` on 127.0.0.1; resolves to `{ server, port }`. */
export async function serve(dist) {
  const server = http.createServer((req, res) => {
    const url = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const file = path.join(dist, url === '/' ? 'index.html' : url);
    if (!file.startsWith(dist) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { server, port: server.address().port };
}

/**
 * Headless Chromium drawing with SwiftShader. `deviceScaleFactor` above 1 starts it as if on such
 * a screen: emulating one only in the page (playwright's context option) changes
 * `devicePixelRatio` but not the canvas's device pixels that winit reads, so Bevy lays the game
 * out at a third of the page (bevyengine/bevy#25306). Contexts should then ask for the same.
 */
export function launch({ deviceScaleFactor = 1 } = {}) {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--enable-unsafe-swiftshader', '--use-angle=swiftshader', '--ignore-gpu-blocklist',
      '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run',
      ...(deviceScaleFactor === 1 ? [] : [`--force-device-scale-factor=${deviceScaleFactor}`])],
  });
}

/** Polls `cond` every 100 ms for up to `ms`; its last answer. */
export async function waitFor(cond, ms) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (cond()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return cond();
}
