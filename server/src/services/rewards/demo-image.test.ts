import { fileTypeFromBuffer } from 'file-type';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { demoScreenshot, encodePng } from './demo-image';

describe('hand-written PNG', () => {
  it('decodes to the pixels it was given', () => {
    const png = PNG.sync.read(encodePng(3, 2, (x, y) => [x * 100, y * 200, 7]));
    expect([png.width, png.height]).toEqual([3, 2]);
    const at = (x: number, y: number) => Array.from(png.data.subarray((y * 3 + x) * 4, (y * 3 + x) * 4 + 4));
    expect(at(0, 0)).toEqual([0, 0, 7, 255]);
    expect(at(2, 1)).toEqual([200, 200, 7, 255]);
  });

  it('the demo screenshot passes the upload sniffing as a PNG', async () => {
    const file = demoScreenshot();
    expect(await fileTypeFromBuffer(file)).toMatchObject({ mime: 'image/png' });
    expect(PNG.sync.read(file)).toMatchObject({ width: 270, height: 480 });
  });
});
