/** After a dropped response the outcome is unknown; retrying reuses the same Idempotency-Key. */
import { Trans, useLingui } from '@lingui/react/macro';
import { Dialog } from '../../../ui/dialog';

export function RetryDialog({
  open,
  pending,
  online,
  onRetry,
  onClose,
}: {
  open: boolean;
  pending: boolean;
  online: boolean;
  onRetry: () => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  return (
    <Dialog open={open} onClose={onClose} title={t`Connection lost`} variant="center">
      <div className="stack">
        <p>
          <Trans>
            The connection dropped before the server answered, so we do not know yet whether your transfer went through. Retrying
            is safe: it can never send twice.
          </Trans>
        </p>
        {!online && (
          <p className="field__error">
            <Trans>You are offline. Reconnect, then retry.</Trans>
          </p>
        )}
        <button type="button" className="button button--block" disabled={pending || !online} onClick={onRetry}>
          {pending ? t`Sending…` : t`Retry safely`}
        </button>
      </div>
    </Dialog>
  );
}
