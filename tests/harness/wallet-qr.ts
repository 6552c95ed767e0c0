/** QR helpers for wallet browser tests: decode a PNG data URL, make a QR PNG of any text. */
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';

export function decodeQrDataUrl(dataUrl: string): string | null {
  const base64 = dataUrl.replace(/^data:image\/png;base64,/, '');
  const png = PNG.sync.read(Buffer.from(base64, 'base64'));
  const result = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  return result?.data ?? null;
}

export const qrPng = (text: string): Promise<Buffer> => QRCode.toBuffer(text, { type: 'png', margin: 4, width: 400 });

/**
 * A Y4M video (what Chromium's fake camera plays, --use-file-for-fake-video-capture) showing the
 * QR code of `text` on white, so the real camera path (qr-scanner + decoding worker) is exercised.
 */
export async function qrY4m(text: string): Promise<Buffer> {
  // A wide quiet zone keeps the code inside the scanner's central scan region (2/3 of the frame).
  const png = PNG.sync.read(await QRCode.toBuffer(text, { type: 'png', margin: 14, width: 640 }));
  const w = png.width - (png.width % 2);
  const h = png.height - (png.height % 2);
  const y = Buffer.alloc(w * h);
  for (let row = 0; row < h; row++) {
    for (let col = 0; col < w; col++) {
      const i = (row * png.width + col) * 4;
      y[row * w + col] = Math.round(0.299 * (png.data[i] ?? 0) + 0.587 * (png.data[i + 1] ?? 0) + 0.114 * (png.data[i + 2] ?? 0));
    }
  }
  const chroma = Buffer.alloc((w / 2) * (h / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${w} H${h} F10:1 Ip A1:1 C420jpeg\n`);
  return Buffer.concat([header, ...Array.from({ length: 10 }, () => frame)]);
}
