/**
 * Record detail (SPEC §2): amount, receiving and payment address, transaction id (copy), status,
 * time and reason; a failed withdrawal and its refund link to each other; a transfer between two
 * accounts of the service says why it has no transaction id or fee. Addresses of dust records
 * get no copy shortcut (they exist to be copied by mistake).
 */

import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useSearch } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { BRAND } from '../../config/brand';
import { errorMessage } from '../../session/error-messages';
import { useOnline } from '../../session/online';
import { useAppStore } from '../../session/store';
import { Amount } from '../../ui/amount';
import { CopyButton } from '../../ui/copy-button';
import { GroupedCode } from '../../ui/grouped-code';
import { Page } from '../../ui/page';
import { SkeletonRows } from '../../ui/skeleton';
import { UpdatedMark } from '../../ui/updated-mark';
import { ExplorerLink } from './explorer-link';
import { isDust } from './model/dust';
import { moneyEffect, recordSign } from './model/money-effect';
import { formatRecordTime, recordTypeLabel } from './model/record-labels';
import { StatusBadge } from './record-row';
import { RefundNote, RefundOfNote } from './refund-notes';
import { useDustRules } from './use-dust';
import { useRecord } from './use-record';
import './records.css';

/** A transfer between two accounts of this service: why it has no transaction id and no fee. */
function InternalNote() {
  const product = BRAND.productName;
  return (
    <p className="notice notice--success" role="note">
      <Trans>
        A transfer between two {product} accounts: it moved at once, with no network fee and no transaction on the chain.
      </Trans>
    </p>
  );
}

/** A deposit not yet solidified: how far along it is, and that it is not in the balance yet. */
function ConfirmationsRow(counts: { seen: number; needed: number }) {
  const { t, i18n } = useLingui();
  const seen = i18n.number(counts.seen);
  const needed = i18n.number(counts.needed);
  return (
    <DetailRow label={t`Confirmations`}>
      <span data-testid="confirmations">{t`${seen} of ${needed}; credited once confirmed`}</span>
    </DetailRow>
  );
}

export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="detail-row">
      <dt className="muted">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function AddressValue({ value, copyLabel, copyable }: { value: string | null; copyLabel: string; copyable: boolean }) {
  if (!value) return <span className="muted">—</span>;
  return (
    <span className="detail-copy">
      <GroupedCode value={value} />
      {copyable && <CopyButton text={value} label={copyLabel} />}
    </span>
  );
}

export function RecordDetailScreen() {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const id = useSearch({ from: '/pages/record/detail', select: (s) => s.id });
  const query = useRecord(id);
  const hidden = !useAppStore((s) => s.isShowAmount);
  const { threshold, prices } = useDustRules();
  const record = query.data;
  const dust = record ? isDust(record, prices, threshold) : false;

  return (
    <Page title={t`Record details`} backTo="/pages/record/index">
      {record ? (
        <>
          <section className="detail-hero card" data-dust={dust ? 'true' : undefined}>
            <span className="muted">{recordTypeLabel(record.type)}</span>
            <strong className="detail-hero__amount" data-direction={record.direction} data-money={moneyEffect(record)}>
              <Amount value={record.amount} places={6} symbol={record.currency} sign={recordSign(record)} hidden={hidden} />
            </strong>
            <StatusBadge status={record.status} />
            {!query.isPlaceholderData && <UpdatedMark updatedAt={query.dataUpdatedAt} show={!online} />}
          </section>
          {/* A failed withdrawal gave back its amount and fee in the step that failed it: say so, and where. */}
          {record.type === 'withdraw' && record.status === 'failed' && <RefundNote record={record} hidden={hidden} />}
          {record.type === 'refund' && <RefundOfNote record={record} />}
          {record.internal && <InternalNote />}
          {dust && (
            <p className="notice notice--warning" role="note">
              <Trans>
                This is a very small incoming transfer. Such transfers are often sent from lookalike addresses so that you copy
                them by mistake. Never send to an address taken from this record.
              </Trans>
            </p>
          )}
          <dl className="detail card">
            <DetailRow label={t`Fee`}>
              <Amount value={record.fee} places={6} symbol={record.currency} hidden={hidden} />
            </DetailRow>
            <DetailRow label={t`Network`}>{record.network}</DetailRow>
            {record.confirmations && <ConfirmationsRow {...record.confirmations} />}
            <DetailRow label={t`Receiving address`}>
              <AddressValue value={record.toAddress} copyLabel={t`Copy receiving address`} copyable={!dust} />
            </DetailRow>
            <DetailRow label={t`Payment address`}>
              <AddressValue value={record.fromAddress} copyLabel={t`Copy payment address`} copyable={!dust} />
            </DetailRow>
            <DetailRow label={t`Transaction ID`}>
              <AddressValue value={record.txId} copyLabel={t`Copy transaction ID`} copyable />
              <ExplorerLink txId={record.txId} />
            </DetailRow>
            <DetailRow label={t`Time`}>{formatRecordTime(record.createdAt, i18n.locale, 'medium')}</DetailRow>
            {record.reason && <DetailRow label={t`Reason`}>{record.reason}</DetailRow>}
          </dl>
          <Link to="/pages/record/detail-info" search={{ id: record.id }} className="button button--secondary button--block">
            <Trans>More details</Trans>
          </Link>
        </>
      ) : query.isError ? (
        <p className="empty-state" role="alert">
          {errorMessage(query.error)}
        </p>
      ) : (
        <SkeletonRows rows={5} height={52} />
      )}
    </Page>
  );
}
