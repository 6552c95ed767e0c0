/** Pure gesture maths of the image viewer: zoom limits, double-tap, swipe between images. */
export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4;
export const SWIPE_PX = 60;

export const clampZoom = (scale: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, Number.isFinite(scale) ? scale : MIN_ZOOM));

/** Double-tap: zoom in to 2× from 1×, otherwise back to 1×. */
export const doubleTapZoom = (scale: number) => (scale > MIN_ZOOM ? MIN_ZOOM : 2);

/** Wheel: each notch of 100 px changes the zoom by about 20 %, within the limits. */
export const wheelZoom = (scale: number, deltaY: number) => clampZoom(scale * Math.exp(-deltaY / 500));

/** Pinch: the zoom follows the change of distance between two fingers. */
export const pinchZoom = (startScale: number, startDistance: number, distance: number) =>
  startDistance > 0 ? clampZoom((startScale * distance) / startDistance) : clampZoom(startScale);

/**
 * Which image a horizontal drag at 1× leads to. `rtl` flips the direction, as readers of
 * right-to-left scripts expect the next image on the left.
 */
export function swipeTarget(index: number, count: number, dx: number, rtl = false): number {
  if (Math.abs(dx) < SWIPE_PX) return index;
  const forward = rtl ? dx > 0 : dx < 0;
  return Math.min(count - 1, Math.max(0, index + (forward ? 1 : -1)));
}

/** Keeps a zoomed image's pan within its overflow so it can never be dragged out of sight. */
export function clampPan(offset: number, scale: number, viewport: number): number {
  const max = ((scale - 1) * viewport) / 2;
  return Math.min(max, Math.max(-max, offset));
}
