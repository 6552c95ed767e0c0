/**
 * The demo participation screenshot: a small phone-shaped PNG drawn here (a header bar, a user-ID
 * badge, a few list rows) so the demo's "what you submitted" shows something that reads as a
 * screenshot rather than a single pixel. PNG written by hand: zlib is all it needs.
 */
import { crc32, deflateSync } from 'node:zlib';

type Rgb = readonly [number, number, number];

const WIDTH = 270;
const HEIGHT = 480;

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** RGB, 8 bits per channel; `pixel(x, y)` gives each colour. */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => Rgb): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) raw.set(pixel(x, y), row + 1 + x * 3);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // depth 8, colour type RGB, deflate, no filter set, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const inside = (x: number, y: number, left: number, top: number, w: number, h: number) =>
  x >= left && x < left + w && y >= top && y < top + h;

export function demoScreenshot(): Buffer {
  return encodePng(WIDTH, HEIGHT, (x, y) => {
    if (y < 56) return [14, 116, 144]; // app bar
    if (inside(x, y, 20, 76, 230, 64)) return inside(x, y, 36, 96, 120, 24) ? [14, 116, 144] : [224, 242, 254]; // user-ID card
    for (let row = 0; row < 6; row++) {
      const top = 164 + row * 48;
      if (inside(x, y, 20, top, 40, 32)) return [203, 213, 225]; // icon
      if (inside(x, y, 72, top + 4, 120 - row * 8, 10)) return [148, 163, 184]; // title line
      if (inside(x, y, 72, top + 20, 80, 8)) return [203, 213, 225]; // subtitle line
    }
    return [248, 250, 252];
  });
}
