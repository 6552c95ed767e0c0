/**
 * One row of the records list: type, status, signed amount and time; dust is greyed. A refund is
 * money coming in ("+", green); the failed withdrawal it refunds says "Refunded".
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { TransactionRecord } from '../../contract/money';
import { useAppStore } from '../../session/store';
import { Amount } from '../../ui/amount';
import { moneyEffect, recordSign } from './model/money-effect';
import { formatRecordTime, recordStatusLabel, recordTypeLabel, STATUS_TONE } from './model/record-labels';

export function StatusBadge({ status }: { status: TransactionRecord['status'] }) {
  return (
    <span className="status-badge" data-tone={STATUS_TONE[status]} data-status={status}>
      {recordStatusLabel(status)}
    </span>
  );
}

export function RecordRow({ record, dust }: { record: TransactionRecord; dust: boolean }) {
  const { i18n, t } = useLingui();
  const hidden = !useAppStore((s) => s.isShowAmount);
  const effect = moneyEffect(record);
  return (
    <Link
      to="/pages/record/detail"
      search={{ id: record.id }}
      className="record-row"
      data-dust={dust ? 'true' : undefined}
      data-testid="record-row"
      data-direction={record.direction}
      data-status={record.status}
      data-type={record.type}
    >
      <span className="record-row__icon" data-type={record.type} aria-hidden="true">
        {record.direction === 'in' ? '↓' : '↑'}
      </span>
      <span className="record-row__main">
        <span className="record-row__title">
          {recordTypeLabel(record.type)}
          {dust && <span className="record-row__dust">{t`Small`}</span>}
        </span>
        <span className="muted record-row__time">{formatRecordTime(record.createdAt, i18n.locale)}</span>
      </span>
      <span className="record-row__end">
        <span className="record-row__amount" data-direction={record.direction} data-money={effect}>
          <Amount value={record.amount} places={6} symbol={record.currency} sign={recordSign(record)} hidden={hidden} />
        </span>
        {record.type === 'withdraw' && record.status === 'failed' && (
          <span className="record-row__note">
            <Trans>Refunded</Trans>
          </span>
        )}
        <StatusBadge status={record.status} />
      </span>
    </Link>
  );
}
