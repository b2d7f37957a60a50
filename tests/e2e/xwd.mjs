// An X window dump (what `Xvfb -fbdir` keeps its screen in) to a PNG: 24 or 32 bits per
// pixel, TrueColor, either byte order. Enough to save an Xvfb screen without other tools.
import zlib from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** The PNG of the XWD file `xwd` (a Buffer). */
export function xwdToPng(xwd) {
  const field = (i) => xwd.readUInt32BE(i * 4);
  const [headerSize, width, height, byteOrder, bitsPerPixel, bytesPerLine, ncolors] =
    [field(0), field(4), field(5), field(7), field(11), field(12), field(19)];
  const masks = [field(14), field(15), field(16)];
  if (bitsPerPixel !== 32 && bitsPerPixel !== 24) throw new Error(`XWD with ${bitsPerPixel} bits per pixel`);
  const start = headerSize + ncolors * 12;
  const bytes = bitsPerPixel / 8;
  const shift = (m) => 31 - Math.clz32(m & -m);
  const rows = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const at = start + y * bytesPerLine + x * bytes;
      const v = bytes === 4
        ? (byteOrder === 0 ? xwd.readUInt32LE(at) : xwd.readUInt32BE(at))
        : (byteOrder === 0 ? xwd.readUIntLE(at, 3) : xwd.readUIntBE(at, 3));
      masks.forEach((m, c) => { row[1 + x * 3 + c] = (v & m) >>> shift(m); });
    }
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
