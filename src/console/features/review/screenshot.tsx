/**
 * One screenshot: a thumbnail that opens it in a dialog, fitted to the screen or at its actual
 * size (to read small print). The native modal dialog keeps focus inside and closes on Escape;
 * focus returns to the thumbnail.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { useAuthorizedImage } from './authorized-image';

export function Screenshot({ imageId, label }: { imageId: string; label: string }) {
  const { t } = useLingui();
  const { url, failed } = useAuthorizedImage(imageId);
  const dialog = useRef<HTMLDialogElement>(null);
  const [fit, setFit] = useState(true);
  if (failed)
    return (
      <span className="thumb note" role="img" aria-label={label}>
        <Trans>Image not available</Trans>
      </span>
    );
  if (!url) return <span className="thumb skeleton" aria-hidden="true" />;
  return (
    <>
      <button type="button" className="thumb" onClick={() => dialog.current?.showModal()} aria-label={t`Zoom: ${label}`}>
        <img src={url} alt="" />
      </button>
      <dialog ref={dialog} className="zoom" aria-label={label}>
        <div className="zoom-frame">
          <div className="row">
            <button type="button" className="btn" onClick={() => setFit(!fit)}>
              {fit ? t`Actual size` : t`Fit to screen`}
            </button>
            <button type="button" className="btn" onClick={() => dialog.current?.close()}>
              <Trans>Close</Trans>
            </button>
          </div>
          <div className="zoom-image">
            <img src={url} alt={label} data-fit={fit} />
          </div>
        </div>
      </dialog>
    </>
  );
}
