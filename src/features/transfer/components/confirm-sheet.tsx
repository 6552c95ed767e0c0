/** The last look before sending: amount, fee, total, network and the full address, with any warnings. */

import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import { BRAND } from '../../../config/brand';
import { Amount } from '../../../ui/amount';
import { Dialog } from '../../../ui/dialog';
import { FormAlert } from '../../../ui/form-alert';
import { GroupedCode } from '../../../ui/grouped-code';

export interface ConfirmDetails {
  amount: string;
  fee: string;
  total: string;
  currency: string;
  network: string;
  precision: number;
  address: string;
  /** To another account of this service: moved in its books, with no network fee. */
  internal: boolean;
}

function InternalTransferNote() {
  const product = BRAND.productName;
  return (
    <p className="notice notice--success" role="note" data-testid="internal-transfer">
      <Trans>This address belongs to a {product} account: the transfer moves at once, with no network fee.</Trans>
    </p>
  );
}

export function ConfirmSheet({
  open,
  details,
  warnings,
  needsAck,
  onConfirm,
  onClose,
  disabledReason,
}: {
  open: boolean;
  details: ConfirmDetails;
  warnings: ReactNode[];
  /** Risky recipients (contract, clipboard mismatch) must be acknowledged. */
  needsAck: boolean;
  onConfirm: () => void;
  onClose: () => void;
  disabledReason: string | null;
}) {
  const { t } = useLingui();
  const [ack, setAck] = useState(false);
  const { precision: p, currency: c } = details;
  return (
    <Dialog open={open} onClose={onClose} title={t`Confirm transfer`}>
      <div className="stack">
        <dl className="summary">
          <div>
            <dt>{t`Amount`}</dt>
            <dd data-testid="confirm-amount">
              <Amount value={details.amount} places={p} symbol={c} />
            </dd>
          </div>
          <div>
            <dt>{t`Fee`}</dt>
            <dd>
              <Amount value={details.fee} places={p} symbol={c} />
            </dd>
          </div>
          <div className="summary__total">
            <dt>{t`Total`}</dt>
            <dd data-testid="confirm-total">
              <Amount value={details.total} places={p} symbol={c} />
            </dd>
          </div>
          <div>
            <dt>{t`Network`}</dt>
            <dd>{details.network}</dd>
          </div>
          <div className="summary__address">
            <dt>{t`To`}</dt>
            <dd>
              <GroupedCode value={details.address} />
            </dd>
          </div>
        </dl>
        {details.internal && <InternalTransferNote />}
        {warnings}
        {needsAck && (
          <label className="check">
            <input type="checkbox" checked={ack} onChange={(e) => setAck(e.target.checked)} />
            <span>
              <Trans>I have read the warning and still want to send to this address.</Trans>
            </span>
          </label>
        )}
        <FormAlert message={disabledReason} />
        <button
          type="button"
          className="button button--block"
          disabled={(needsAck && !ack) || disabledReason !== null}
          onClick={onConfirm}
        >
          <Trans>Confirm and enter trade password</Trans>
        </button>
      </div>
    </Dialog>
  );
}
