/**
 * A wallet-connection request read from a QR code: what asks to connect (name, origin) and which
 * address, shown in full before any approval. The server has no connection endpoint, so approving
 * says so honestly instead of pretending.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';

export function ConnectPanel({
  request,
  onCancel,
}: {
  request: { name: string; origin: string; address: string };
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const [result, setResult] = useState(false);
  return (
    <section className="card stack connect" aria-labelledby="connect-title">
      <h2 id="connect-title" className="connect__title">
        <Trans>Connection request</Trans>
      </h2>
      <dl className="connect__facts">
        <div>
          <dt>{t`App`}</dt>
          <dd data-testid="connect-name">{request.name}</dd>
        </div>
        <div>
          <dt>{t`Website`}</dt>
          <dd>
            <bdi dir="ltr" className="mono" data-testid="connect-origin">
              {request.origin}
            </bdi>
          </dd>
        </div>
        <div>
          <dt>{t`Wallet address`}</dt>
          <dd>
            <bdi dir="ltr" className="mono" data-testid="connect-address">
              {request.address}
            </bdi>
          </dd>
        </div>
      </dl>
      <p className="muted">
        <Trans>Only approve if you opened this website yourself and trust it. A connection never needs your passwords.</Trans>
      </p>
      {result ? (
        <p className="notice notice--warning" role="alert">
          <Trans>Wallet connections are not supported by this server yet. Nothing was shared with {request.name}.</Trans>
        </p>
      ) : null}
      <div className="row">
        <button type="button" className="button button--secondary spacer" onClick={onCancel}>
          {result ? t`Done` : t`Reject`}
        </button>
        {!result && (
          <button type="button" className="button spacer" onClick={() => setResult(true)}>
            <Trans>Approve</Trans>
          </button>
        )}
      </div>
    </section>
  );
}
