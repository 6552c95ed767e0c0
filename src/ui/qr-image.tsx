/**
 * A QR code of `value`, drawn as SVG by the `qrcode` package, which loads only when a QR is first
 * shown (it stays out of the entry chunk). The SVG is shown through <img> as a data: URL, so it
 * cannot run script; a skeleton of the final size holds the place while it draws.
 */
import { useEffect, useState } from 'react';
import { Skeleton } from './skeleton';
import './qr-image.css';

interface QrImageProps {
  value: string;
  /** What the code holds, for screen readers ("QR code of your recharge address"). */
  label: string;
  size?: number;
}

export async function qrSvgDataUrl(value: string): Promise<string> {
  const qrcode = await import('qrcode');
  const svg = await qrcode.toString(value, {
    type: 'svg',
    margin: 2,
    errorCorrectionLevel: 'M',
    color: { dark: '#000000', light: '#ffffff' },
  });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

export function QrImage({ value, label, size = 184 }: QrImageProps) {
  const [drawn, setDrawn] = useState<{ value: string; src: string } | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setFailed(false);
    qrSvgDataUrl(value).then(
      (src) => live && setDrawn({ value, src }),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [value]);
  if (drawn?.value === value) {
    return <img className="qr-image" src={drawn.src} alt={label} width={size} height={size} />;
  }
  if (failed) return null;
  return <Skeleton width={size} height={size} radius={12} />;
}
