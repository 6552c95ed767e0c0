/**
 * Full-screen image preview (SPEC §2): zoom 1–4× by pinch, wheel or double-tap (any pointer),
 * drag to pan when zoomed, swipe or arrow keys between images, Escape or the close button to leave.
 * Built on <dialog> so it sits in the top layer and the browser traps focus.
 */
import { useLingui } from '@lingui/react/macro';
import { type PointerEvent as ReactPointerEvent, useCallback, useEffect, useRef, useState } from 'react';
import { clampPan, doubleTapZoom, MIN_ZOOM, pinchZoom, swipeTarget, wheelZoom } from './image-viewer-model';
import './image-viewer.css';
import { CloseIcon } from './icons';

interface ImageViewerProps {
  images: ReadonlyArray<{ src: string; alt: string }>;
  /** Index shown first; null keeps the viewer closed. */
  index: number | null;
  onClose: () => void;
}

interface Gesture {
  pointers: Map<number, { x: number; y: number }>;
  startScale: number;
  startDistance: number;
  startX: number;
  startY: number;
  startPan: { x: number; y: number };
  lastTap: number;
}

const distance = (pts: Array<{ x: number; y: number }>) => {
  const [a, b] = pts;
  return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
};

export function ImageViewer({ images, index, onClose }: ImageViewerProps) {
  const { t, i18n } = useLingui();
  const ref = useRef<HTMLDialogElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(index ?? 0);
  const [scale, setScale] = useState(MIN_ZOOM);
  const [pan, setPan] = useState({ x: 0, y: 0 });
  const [dragX, setDragX] = useState(0);
  const gesture = useRef<Gesture>({
    pointers: new Map(),
    startScale: 1,
    startDistance: 0,
    startX: 0,
    startY: 0,
    startPan: { x: 0, y: 0 },
    lastTap: 0,
  });
  const open = index !== null;
  const rtl = typeof document !== 'undefined' && document.documentElement.dir === 'rtl';

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setCurrent(index ?? 0);
      setScale(MIN_ZOOM);
      setPan({ x: 0, y: 0 });
      dialog.showModal();
    } else if (!open && dialog.open) dialog.close();
  }, [open, index]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    dialog.addEventListener('close', onClose);
    return () => dialog.removeEventListener('close', onClose);
  }, [onClose]);

  // A non-passive wheel listener (React's is passive), so zooming does not scroll the page. The
  // stage mounts only while open; React 19 runs the returned cleanup when it unmounts.
  const attachStage = useCallback((el: HTMLDivElement | null) => {
    stage.current = el;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      setScale((s) => wheelZoom(s, e.deltaY));
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, []);

  const size = () => ({ w: stage.current?.clientWidth ?? 0, h: stage.current?.clientHeight ?? 0 });
  /** Shows another image, starting unzoomed. */
  const go = (next: number) => {
    const target = Math.min(images.length - 1, Math.max(0, next));
    if (target === current) return;
    setCurrent(target);
    setScale(MIN_ZOOM);
    setPan({ x: 0, y: 0 });
  };

  const onPointerDown = (e: ReactPointerEvent) => {
    const g = gesture.current;
    e.currentTarget.setPointerCapture(e.pointerId);
    g.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    g.startScale = scale;
    g.startPan = pan;
    g.startX = e.clientX;
    g.startY = e.clientY;
    g.startDistance = distance([...g.pointers.values()]);
  };
  const onPointerMove = (e: ReactPointerEvent) => {
    const g = gesture.current;
    if (!g.pointers.has(e.pointerId)) return;
    g.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const pts = [...g.pointers.values()];
    if (pts.length >= 2) {
      setScale(pinchZoom(g.startScale, g.startDistance, distance(pts)));
      return;
    }
    const dx = e.clientX - g.startX;
    const dy = e.clientY - g.startY;
    if (scale > MIN_ZOOM) {
      const { w, h } = size();
      setPan({ x: clampPan(g.startPan.x + dx, scale, w), y: clampPan(g.startPan.y + dy, scale, h) });
    } else {
      setDragX(dx);
    }
  };
  const onPointerUp = (e: ReactPointerEvent) => {
    const g = gesture.current;
    const wasPinch = g.pointers.size >= 2;
    g.pointers.delete(e.pointerId);
    if (g.pointers.size > 0) {
      // One finger left after a pinch: continue from here without a jump.
      const [rest] = [...g.pointers.values()];
      if (rest) {
        g.startX = rest.x;
        g.startY = rest.y;
        g.startPan = pan;
        g.startScale = scale;
      }
      return;
    }
    const dx = e.clientX - g.startX;
    const moved = Math.hypot(dx, e.clientY - g.startY) > 10;
    if (!wasPinch && !moved) {
      const now = e.timeStamp;
      if (now - g.lastTap < 300) {
        const next = doubleTapZoom(scale);
        setScale(next);
        if (next === MIN_ZOOM) setPan({ x: 0, y: 0 });
        g.lastTap = 0;
      } else g.lastTap = now;
    } else if (!wasPinch && scale === MIN_ZOOM) {
      go(swipeTarget(current, images.length, dx, rtl));
    }
    setDragX(0);
    if (scale === MIN_ZOOM) setPan({ x: 0, y: 0 });
  };

  const image = images[current];
  const percent = new Intl.NumberFormat(undefined, { style: 'percent' }).format(scale);
  return (
    <dialog
      ref={ref}
      className="image-viewer"
      aria-label={t`Image preview`}
      onKeyDown={(e) => {
        const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
        const back = rtl ? 'ArrowRight' : 'ArrowLeft';
        if (e.key === forward) go(current + 1);
        else if (e.key === back) go(current - 1);
        else if (e.key === '+' || e.key === '=') setScale((s) => wheelZoom(s, -100));
        else if (e.key === '-') setScale((s) => wheelZoom(s, 100));
        else return;
        e.preventDefault();
      }}
    >
      {open && image && (
        <>
          <div className="image-viewer__bar">
            <span aria-live="polite">
              {t`${i18n.number(current + 1)} of ${i18n.number(images.length)}`} · <span data-testid="zoom">{percent}</span>
            </span>
            <button type="button" className="image-viewer__close" onClick={() => ref.current?.close()} aria-label={t`Close`}>
              <CloseIcon strokeWidth={2} />
            </button>
          </div>
          <div
            ref={attachStage}
            role="application"
            aria-label={t`Pinch, scroll or double-tap to zoom; swipe for the next image`}
            className="image-viewer__stage"
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerUp}
          >
            <img
              src={image.src}
              alt={image.alt}
              draggable={false}
              className="image-viewer__img"
              style={{ transform: `translate(${pan.x + dragX}px, ${pan.y}px) scale(${scale})` }}
            />
          </div>
          {images.length > 1 && (
            <div className="image-viewer__nav">
              <button type="button" onClick={() => go(current - 1)} disabled={current === 0}>
                {t`Previous`}
              </button>
              <button type="button" onClick={() => go(current + 1)} disabled={current === images.length - 1}>
                {t`Next`}
              </button>
            </div>
          )}
        </>
      )}
    </dialog>
  );
}
