/**
 * QR scan (SPEC §2): the camera (qr-scanner, loaded lazily) with permission handling and the torch
 * where the camera has one, or a photo from the device as fallback. An address or payment URI
 * opens transfer prefilled; a connection link shows what would be connected; anything else is
 * refused with "Please scan the correct QR code" (SPEC §8).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Page } from '../../ui/page';
import { ConnectPanel } from './connect-panel';
import { parseQrPayload, type QrPayload } from './model/qr-payload';
import { loadQrScanner, type QrScanner, scanImageFile } from './qr-engine';
import './scan.css';

type Camera = 'idle' | 'starting' | 'on' | 'denied' | 'unavailable';

export function ScanScreen() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const video = useRef<HTMLVideoElement>(null);
  const scanner = useRef<QrScanner | null>(null);
  const [camera, setCamera] = useState<Camera>('idle');
  const [torch, setTorch] = useState<{ available: boolean; on: boolean }>({ available: false, on: false });
  const [error, setError] = useState<string | null>(null);
  const [connect, setConnect] = useState<Extract<QrPayload, { kind: 'connect' }> | null>(null);
  const [busy, setBusy] = useState(false);

  const stopCamera = useCallback(() => {
    scanner.current?.destroy();
    scanner.current = null;
  }, []);
  useEffect(() => stopCamera, [stopCamera]);

  const handle = useCallback(
    (text: string) => {
      const payload = parseQrPayload(text);
      if (payload.kind === 'address') {
        stopCamera();
        void navigate({
          to: '/pages/index/transfer',
          search: { address: payload.address, amount: payload.amount, currency: payload.currency },
          replace: true,
        });
      } else if (payload.kind === 'connect') {
        stopCamera();
        setCamera('idle');
        setConnect(payload);
      } else {
        setError(t`Please scan the correct QR code.`);
      }
    },
    [navigate, stopCamera, t],
  );

  const startCamera = async () => {
    setError(null);
    setCamera('starting');
    try {
      const Scanner = await loadQrScanner();
      if (!(await Scanner.hasCamera())) {
        setCamera('unavailable');
        return;
      }
      const el = video.current;
      if (!el) return;
      const s = new Scanner(el, (result) => handle(result.data), {
        returnDetailedScanResult: true,
        preferredCamera: 'environment',
        // No highlight overlay: qr-scanner positions it with inline styles, which the CSP refuses.
        maxScansPerSecond: 8,
      });
      scanner.current = s;
      await s.start();
      setCamera('on');
      setTorch({ available: await s.hasFlash().catch(() => false), on: false });
    } catch (e) {
      stopCamera();
      const name = (e as { name?: string } | null)?.name ?? String(e);
      setCamera(/NotAllowed|Permission|denied/i.test(name) ? 'denied' : 'unavailable');
    }
  };

  const fromFile = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setBusy(true);
    try {
      const text = await scanImageFile(file);
      if (text === null) setError(t`No QR code was found in this image. Please scan the correct QR code.`);
      else handle(text);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page title={t`Scan`}>
      {connect ? (
        <ConnectPanel request={connect} onCancel={() => setConnect(null)} />
      ) : (
        <>
          <div className="scan__viewport" data-on={camera === 'on' ? 'true' : undefined}>
            <video ref={video} className="scan__video" muted playsInline aria-label={t`Camera preview`} />
            {camera !== 'on' && (
              <div className="scan__overlay">
                {camera === 'denied' ? (
                  <p role="alert">
                    <Trans>
                      Camera access was refused. Allow the camera for this site in your browser settings, or choose a photo of the
                      QR code below.
                    </Trans>
                  </p>
                ) : camera === 'unavailable' ? (
                  <p role="alert">
                    <Trans>No camera is available. Choose a photo of the QR code below.</Trans>
                  </p>
                ) : (
                  <p>
                    <Trans>Point the camera at a Tron address, payment code or connection code.</Trans>
                  </p>
                )}
                {camera !== 'unavailable' && (
                  <button type="button" className="button" disabled={camera === 'starting'} onClick={() => void startCamera()}>
                    {camera === 'starting' ? t`Starting camera…` : camera === 'denied' ? t`Try again` : t`Use camera`}
                  </button>
                )}
              </div>
            )}
          </div>
          {camera === 'on' && torch.available && (
            <button
              type="button"
              className="button button--secondary"
              aria-pressed={torch.on}
              onClick={async () => {
                await scanner.current?.toggleFlash();
                setTorch((s) => ({ ...s, on: scanner.current?.isFlashOn() ?? !s.on }));
              }}
            >
              {torch.on ? t`Turn torch off` : t`Turn torch on`}
            </button>
          )}
          {error && (
            <p className="notice notice--danger" role="alert">
              {error}
            </p>
          )}
          <label className="button button--secondary button--block scan__file">
            {busy ? t`Reading image…` : t`Scan from an image`}
            <input
              type="file"
              accept="image/*"
              className="visually-hidden"
              disabled={busy}
              onChange={(e) => {
                void fromFile(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
          </label>
        </>
      )}
    </Page>
  );
}
