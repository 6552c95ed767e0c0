import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clampPan, clampZoom, doubleTapZoom, pinchZoom, swipeTarget, wheelZoom } from './image-viewer-model';

describe('image viewer gestures', () => {
  it('keeps every zoom between 1 and 4', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: false }), fc.double({ min: -5000, max: 5000, noNaN: true }), (s, d) => {
        for (const z of [clampZoom(s), wheelZoom(clampZoom(s), d), pinchZoom(clampZoom(s), 100, Math.abs(d))]) {
          expect(z).toBeGreaterThanOrEqual(1);
          expect(z).toBeLessThanOrEqual(4);
        }
      }),
    );
  });

  it('double-tap toggles 1× and 2×', () => {
    expect(doubleTapZoom(1)).toBe(2);
    expect(doubleTapZoom(3)).toBe(1);
  });

  it('wheel up zooms in, pinch follows the fingers', () => {
    expect(wheelZoom(1, -100)).toBeGreaterThan(1);
    expect(wheelZoom(2, 100)).toBeLessThan(2);
    expect(pinchZoom(1, 100, 250)).toBe(2.5);
    expect(pinchZoom(1, 100, 900)).toBe(4);
  });

  it('swipes to the neighbour, flipped in RTL, never past the ends', () => {
    expect(swipeTarget(0, 3, -100)).toBe(1);
    expect(swipeTarget(1, 3, 100)).toBe(0);
    expect(swipeTarget(0, 3, 100)).toBe(0);
    expect(swipeTarget(2, 3, -100)).toBe(2);
    expect(swipeTarget(0, 3, -20)).toBe(0);
    expect(swipeTarget(0, 3, 100, true)).toBe(1);
  });

  it('pans only within the zoomed overflow', () => {
    expect(clampPan(500, 1, 400)).toBe(0);
    expect(clampPan(500, 2, 400)).toBe(200);
    expect(clampPan(-500, 2, 400)).toBe(-200);
  });
});
