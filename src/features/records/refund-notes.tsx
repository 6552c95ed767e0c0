/**
 * A failed withdrawal and the refund that gave its money back name each other (server:
 * services/withdrawals/refund.ts): each detail says what happened to the money and links to the other.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { TransactionRecord } from '../../contract/money';
import { AMOUNT_MASK, add } from '../../lib/money/money';
import { formatAmountText } from '../../ui/amount-text';

function LinkedNote({ testId, children, to, label }: { testId: string; children: ReactNode; to: string | null; label: string }) {
  return (
    <div className="notice notice--success record-link-note" role="note" data-testid={testId}>
      <p>{children}</p>
      {to && (
        <Link to="/pages/record/detail" search={{ id: to }} className="record-link">
          {label}
        </Link>
      )}
    </div>
  );
}

/**
 * A failed withdrawal: amount and fee came back in the step that failed it. The link opens the
 * refund record; a withdrawal that failed before refunds were records (or a cache from then) has none.
 */
export function RefundNote({ record, hidden }: { record: TransactionRecord; hidden: boolean }) {
  const { t, i18n } = useLingui();
  const refunded = hidden ? AMOUNT_MASK : formatAmountText(add(record.amount, record.fee), 6, record.currency, i18n.locale);
  return (
    <LinkedNote testId="refund-note" to={record.refundRecordId ?? null} label={t`View the refund`}>
      {t`Refunded ${refunded} to your available balance (the amount and its fee).`}
    </LinkedNote>
  );
}

/** A refund: whose money it is, and a way back to that withdrawal. */
export function RefundOfNote({ record }: { record: TransactionRecord }) {
  const { t } = useLingui();
  return (
    <LinkedNote testId="refund-of-note" to={record.refundOf ?? null} label={t`View the withdrawal`}>
      <Trans>The amount and fee of a withdrawal that failed, back in your available balance.</Trans>
    </LinkedNote>
  );
}
