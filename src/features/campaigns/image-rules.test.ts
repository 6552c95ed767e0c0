import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitWithin, imageProblem, isPartnerUid, MAX_INPUT_BYTES, needsDownscale } from './image-rules';

describe('image rules', () => {
  it('accepts JPEG, PNG and WebP within the size limit', () => {
    expect(imageProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(imageProblem({ type: 'image/jpeg', size: MAX_INPUT_BYTES })).toBeNull();
    expect(imageProblem({ type: 'image/webp', size: 10 })).toBeNull();
    expect(imageProblem({ type: 'image/gif', size: 10 })).toBe('type');
    expect(imageProblem({ type: 'image/svg+xml', size: 10 })).toBe('type');
    expect(imageProblem({ type: 'image/png', size: MAX_INPUT_BYTES + 1 })).toBe('size');
    expect(imageProblem({ type: 'image/png', size: 0 })).toBe('size');
  });

  it('fits the longest side within the limit and keeps the ratio', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(1000, 3200)).toEqual({ width: 500, height: 1600 });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20_000 }), fc.integer({ min: 1, max: 20_000 }), (w, h) => {
        const out = fitWithin(w, h);
        expect(Math.max(out.width, out.height)).toBeLessThanOrEqual(1600);
        expect(out.width).toBeGreaterThanOrEqual(1);
        expect(out.height).toBeGreaterThanOrEqual(1);
        if (Math.max(w, h) <= 1600) expect(out).toEqual({ width: w, height: h });
        else
          expect(Math.abs(out.width / out.height - w / h)).toBeLessThan(
            Math.max(1 / out.height, 1 / out.width) * (w / h + 1) + 1e-9,
          );
      }),
    );
  });

  it('downscales large or heavy pictures only', () => {
    expect(needsDownscale(1600, 1200, 1_000_000)).toBe(false);
    expect(needsDownscale(1601, 100, 1000)).toBe(true);
    expect(needsDownscale(100, 100, 6 * 1024 * 1024)).toBe(true);
  });

  it('checks the partner user ID', () => {
    expect(isPartnerUid('BTR-88213')).toBe(true);
    expect(isPartnerUid('abc')).toBe(false);
    expect(isPartnerUid('a b c d')).toBe(false);
  });
});
