import { Trans } from '@lingui/react/macro';

/** Why something could not be loaded, with a way to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="card stack">
      <p>{message}</p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        <Trans>Retry</Trans>
      </button>
    </div>
  );
}
