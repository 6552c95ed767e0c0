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
