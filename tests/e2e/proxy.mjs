// The book's reverse-proxy example (docs/book/src/operators/proxy.md), run as it is: docs/deploy/nginx-gomoku.conf with only its
// addresses, ports and certificate paths replaced, in front of two gomoku-servers on one
// PostgreSQL database (a private throwaway cluster). A self-signed certificate; clients speak
// wss:// through nginx: one makes a game (landing on one server), one joins it (round robin:
// the other server), both play a move, and /health answers over https. The servers run with
// --trusted-proxy (issue 83): 65 players, each from an address of its own (127.0.0.N), all get
// in and become players through nginx (more than one address's 64 connections and 30 new
// players), while one address behind nginx is still held to 64 connections a server.
//
//   node tests/e2e/proxy.mjs --server PATH/gomoku-server [--nginx /usr/sbin/nginx]
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'node:net';
import tls from 'node:tls';
import https from 'node:https';
import crypto from 'node:crypto';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
};
const serverBin = opt('--server');
const nginxBin = opt('--nginx', '/usr/sbin/nginx');
if (!serverBin) throw new Error('--server PATH is needed');

const children = [];
const dir = mkdtempSync(join(tmpdir(), 'gomoku-proxy-'));
chmodSync(dir, 0o777);
function cleanup() {
  for (const c of children) { try { c.kill('SIGKILL'); } catch { /* gone */ } }
  try { execFileSync(nginxBin, ['-c', join(dir, 'nginx.conf'), '-s', 'stop'], { stdio: 'ignore' }); } catch { /* not running */ }
}
process.on('exit', cleanup);
const fail = (msg) => { console.error(`proxy: FAILED: ${msg}`); process.exit(1); };
setTimeout(() => fail('took over 90 s'), 90_000).unref();

const freePort = () => new Promise((resolve) => {
  const s = createServer();
  s.listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => resolve(p)); });
});

// The database.
const pgUrl = execFileSync('bash', [join(root, 'scripts/pg_cluster.sh'), 'start', join(dir, 'pg'), '--watch', String(process.pid)]).toString().trim();

// Two servers on it.
async function startServer(i) {
  const child = spawn(serverBin, ['--port', '0', '--db', pgUrl, '--trusted-proxy', '127.0.0.1'], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let log = '';
  child.stderr.on('data', (d) => { log += d; });
  const addr = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/listening on ws:\/\/([\d.:]+)\/ws/);
      if (m) resolve(m[1]);
    });
    child.on('exit', (code) => reject(new Error(`server ${i} exited (${code}): ${log}`)));
  });
  return { addr, log: () => log };
}
const servers = [await startServer(0), await startServer(1)];

// A self-signed certificate for gomoku.example.
execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=gomoku.example',
  '-keyout', join(dir, 'privkey.pem'), '-out', join(dir, 'fullchain.pem')], { stdio: 'ignore' });
chmodSync(join(dir, 'privkey.pem'), 0o644);

// The example, with our addresses.
const port = await freePort();
let site = readFileSync(join(root, 'docs/deploy/nginx-gomoku.conf'), 'utf8');
site = site.replace(/server 10\.0\.0\.11:7878/, `server ${servers[0].addr}`)
  .replace(/server 10\.0\.0\.12:7878/, `server ${servers[1].addr}`)
  .replace('listen 443 ssl;', `listen 127.0.0.1:${port} ssl;`)
  .replace('/etc/ssl/gomoku/fullchain.pem', join(dir, 'fullchain.pem'))
  .replace('/etc/ssl/gomoku/privkey.pem', join(dir, 'privkey.pem'));
if (site.includes('10.0.0.1') || site.includes('/etc/ssl')) fail('the example changed shape; update this test');
writeFileSync(join(dir, 'site.conf'), site);
writeFileSync(join(dir, 'nginx.conf'), `
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log;
daemon on;
events {}
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/site.conf;
}
`);
execFileSync(nginxBin, ['-c', join(dir, 'nginx.conf'), '-e', join(dir, 'nginx-error.log')], { stdio: 'inherit' });

// A minimal WebSocket client over TLS (Node 20 has none built in).
function wss(path, from = '127.0.0.1', extra = '') {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host: '127.0.0.1', port, localAddress: from, servername: 'gomoku.example', rejectUnauthorized: false }, () => {
      const key = crypto.randomBytes(16).toString('base64');
      socket.write(`GET ${path} HTTP/1.1\r\nHost: gomoku.example\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        `Sec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n${extra}\r\n`);
    });
    let buf = Buffer.alloc(0);
    let open = false;
    const waiting = [];
    const messages = [];
    socket.on('data', (d) => {
      buf = Buffer.concat([buf, d]);
      if (!open) {
        const end = buf.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = buf.subarray(0, end).toString();
        if (!head.startsWith('HTTP/1.1 101')) { socket.destroy(); return reject(new Error(`no upgrade: ${head}`)); }
        buf = buf.subarray(end + 4);
        open = true;
        resolve(client);
      }
      for (;;) {
        if (buf.length < 2) return;
        let len = buf[1] & 0x7f, off = 2;
        if (len === 126) { if (buf.length < 4) return; len = buf.readUInt16BE(2); off = 4; }
        else if (len === 127) { if (buf.length < 10) return; len = Number(buf.readBigUInt64BE(2)); off = 10; }
        if (buf.length < off + len) return;
        const opcode = buf[0] & 0x0f;
        const payload = buf.subarray(off, off + len);
        buf = buf.subarray(off + len);
        if (opcode === 1) {
          const m = JSON.parse(payload.toString());
          const w = waiting.findIndex((x) => x.pred(m));
          if (w >= 0) waiting.splice(w, 1)[0].resolve(m); else messages.push(m);
        }
      }
    });
    socket.on('error', reject);
    const client = {
      send(obj) {
        const data = Buffer.from(JSON.stringify(obj));
        const mask = crypto.randomBytes(4);
        const head = data.length < 126 ? Buffer.from([0x81, 0x80 | data.length])
          : Buffer.from([0x81, 0x80 | 126, data.length >> 8, data.length & 0xff]);
        const body = Buffer.from(data.map((b, i) => b ^ mask[i % 4]));
        socket.write(Buffer.concat([head, mask, body]));
      },
      next(pred, what) {
        const i = messages.findIndex(pred);
        if (i >= 0) return Promise.resolve(messages.splice(i, 1)[0]);
        return new Promise((res, rej) => {
          const t = setTimeout(() => rej(new Error(`no ${what} in 10 s`)), 10_000);
          waiting.push({ pred, resolve: (m) => { clearTimeout(t); res(m); } });
        });
      },
      close() { socket.end(); },
    };
  });
}

const health = await new Promise((resolve, reject) => {
  https.get({ host: '127.0.0.1', port, path: '/health', servername: 'gomoku.example', rejectUnauthorized: false }, (res) => {
    let body = '';
    res.on('data', (d) => { body += d; });
    res.on('end', () => resolve(`${res.statusCode} ${body}`));
  }).on('error', reject);
});
if (health !== '200 ok') fail(`/health through the proxy: ${health}`);

const settings = { rule: 'Freestyle', size: 15, time: null, rated: false };
const ann = await wss('/ws');
ann.send({ type: 'hello', version: 3, name: 'Ann' });
await ann.next((m) => m.type === 'welcome', 'welcome');
ann.send({ type: 'create_room', settings, colour: 'Black', public: true });
const seatA = (await ann.next((m) => m.type === 'seat', 'seat')).seat;
const bob = await wss('/ws');
bob.send({ type: 'hello', version: 3, name: 'Bob' });
await bob.next((m) => m.type === 'welcome', 'welcome');
bob.send({ type: 'join_room', code: seatA.code });
const seatB = (await bob.next((m) => m.type === 'seat', 'seat')).seat;
ann.send({ type: 'move', code: seatA.code, seat_token: seatA.seat_token, ply: 0, x: 7, y: 7 });
await bob.next((m) => m.type === 'room' && m.room.moves.length === 1, 'the first move');
bob.send({ type: 'move', code: seatB.code, seat_token: seatB.seat_token, ply: 1, x: 8, y: 8 });
const seen = await ann.next((m) => m.type === 'room' && m.room.moves.length === 2, 'the second move');
ann.close();
bob.close();
// Round robin put Ann and Bob on different servers: one relayed the other's moves.
let relayed = 0;
for (const s of servers) {
  const page = await (await fetch(`http://${s.addr}/metrics`)).text();
  relayed += Number((page.match(/^gomoku_relayed_messages_total (\d+)$/m) || [])[1] || 0);
}
if (relayed < 2) fail(`the players were not on two servers (relayed ${relayed})`);
const stored = execFileSync('psql', [pgUrl, '-Atc', `SELECT count(*) FROM moves WHERE code = '${seatA.code}'`]).toString().trim();
if (stored !== '2') fail(`moves stored: ${stored}`);

// The servers count each player behind nginx by the address nginx names (X-Forwarded-For):
// 65 players from 65 addresses all get in and become players (round robin gives each server
// over 30: more than one address may make in an hour).
const crowd = [];
for (let i = 0; i < 65; i++) {
  const from = `127.0.0.${10 + i}`;
  const c = await wss('/ws', from).catch((e) => fail(`player ${i} from ${from}: ${e.message}`));
  c.send({ type: 'hello', version: 3, name: `P${i}` });
  const m = await c.next((x) => x.type === 'welcome' || x.type === 'error', 'welcome');
  if (m.type !== 'welcome') fail(`player ${i} from ${from}: ${JSON.stringify(m)}`);
  crowd.push(c);
}
// One address behind nginx still has one share of connections on each server: of 129
// connections (round robin: 65 to one server), at most 128 get in, the rest are answered 429,
// whatever forwarding headers of its own the client sends (nginx appends to X-Forwarded-For
// and drops Forwarded).
const spoofed = (i) => `X-Forwarded-For: 10.1.0.${i}\r\nX-Real-IP: 10.2.0.${i}\r\nForwarded: for=10.3.0.${i}\r\n`;
const tries = await Promise.allSettled(Array.from({ length: 129 }, (_, i) => wss('/ws', '127.0.0.200', spoofed(i))));
const admitted = tries.filter((t) => t.status === 'fulfilled');
const refused = tries.filter((t) => t.status === 'rejected');
const other = refused.find((t) => !/^no upgrade: HTTP\/1\.1 429/.test(t.reason.message));
if (other) fail(`one address's connection failed otherwise: ${other.reason.message}`);
if (refused.length < 1 || admitted.length > 128) fail(`one address behind nginx: ${admitted.length} of 129 got in`);
for (const t of admitted) t.value.close();
for (const c of crowd) c.close();
console.log(`proxy: TLS through nginx to 2 servers: health ok, game ${seatA.code} made and joined, moves ${JSON.stringify(seen.room.moves)} stored; ` +
  `65 players from 65 addresses got in; one address: ${admitted.length} of 129 connections, ${refused.length} answered 429`);
process.exit(0);
