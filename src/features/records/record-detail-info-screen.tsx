/**
 * Record detail info: every field of the record, in words a person reads (labels, one local date-time
 * each, formatted amounts), with the ids copyable, the transaction linked to the block explorer and
 * a failed withdrawal and its refund linked to each other.
 */

import { useLingui } from '@lingui/react/macro';
import { Link, useSearch } from '@tanstack/react-router';
import { type ReactNode, useId } from 'react';
import { errorMessage } from '../../session/error-messages';
import { useOnline } from '../../session/online';
import { useAppStore } from '../../session/store';
import { Amount } from '../../ui/amount';
import { GroupedCode } from '../../ui/grouped-code';
import { Page } from '../../ui/page';
import { SkeletonRows } from '../../ui/skeleton';
import { UpdatedMark } from '../../ui/updated-mark';
import { ExplorerLink } from './explorer-link';
import { isDust } from './model/dust';
import { formatRecordTime, recordStatusLabel, recordTypeLabel } from './model/record-labels';
import { AddressValue, DetailRow } from './record-detail-screen';
import { useDustRules } from './use-dust';
import { useRecord } from './use-record';
import './records.css';

/** One group of fields under its own heading, so the page reads as sections rather than a dump. */
function InfoSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="stack info-section" aria-labelledby={id}>
      <h2 id={id} className="info-section__title">
        {title}
      </h2>
      <dl className="detail card">{children}</dl>
    </section>
  );
}

/** Another record's id, opening that record (a failed withdrawal's refund, a refund's withdrawal). */
function RecordLink({ id }: { id: string }) {
  return (
    <Link to="/pages/record/detail" search={{ id }} className="record-link">
      <GroupedCode value={id} />
    </Link>
  );
}

export function RecordDetailInfoScreen() {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const hidden = !useAppStore((s) => s.isShowAmount);
  const id = useSearch({ from: '/pages/record/detail-info', select: (s) => s.id });
  const query = useRecord(id);
  const { threshold, prices } = useDustRules();
  const r = query.data;
  const dust = r ? isDust(r, prices, threshold) : false;
  return (
    <Page title={t`Transaction info`}>
      {r ? (
        <>
          <UpdatedMark updatedAt={query.dataUpdatedAt} show={!online && !query.isPlaceholderData} />
          <InfoSection title={t`Summary`}>
            <DetailRow label={t`Type`}>{recordTypeLabel(r.type)}</DetailRow>
            <DetailRow label={t`Direction`}>{r.direction === 'in' ? t`Incoming` : t`Outgoing`}</DetailRow>
            <DetailRow label={t`Status`}>{recordStatusLabel(r.status)}</DetailRow>
            <DetailRow label={t`Reason`}>{r.reason ?? '—'}</DetailRow>
          </InfoSection>
          <InfoSection title={t`Amounts`}>
            <DetailRow label={t`Amount`}>
              <Amount value={r.amount} places={6} symbol={r.currency} hidden={hidden} />
            </DetailRow>
            <DetailRow label={t`Fee`}>
              <Amount value={r.fee} places={6} symbol={r.currency} hidden={hidden} />
            </DetailRow>
            <DetailRow label={t`Currency`}>{r.currency}</DetailRow>
            <DetailRow label={t`Network`}>{r.network}</DetailRow>
          </InfoSection>
          <InfoSection title={t`On the chain`}>
            <DetailRow label={t`Payment address`}>
              <AddressValue value={r.fromAddress} copyLabel={t`Copy payment address`} copyable={!dust} />
            </DetailRow>
            <DetailRow label={t`Receiving address`}>
              <AddressValue value={r.toAddress} copyLabel={t`Copy receiving address`} copyable={!dust} />
            </DetailRow>
            <DetailRow label={t`Transaction ID`}>
              <AddressValue value={r.txId} copyLabel={t`Copy transaction ID`} copyable />
              <ExplorerLink txId={r.txId} />
            </DetailRow>
          </InfoSection>
          <InfoSection title={t`Times and reference`}>
            <DetailRow label={t`Created`}>{formatRecordTime(r.createdAt, i18n.locale, 'medium')}</DetailRow>
            <DetailRow label={t`Updated`}>{formatRecordTime(r.updatedAt, i18n.locale, 'medium')}</DetailRow>
            <DetailRow label={t`Record ID`}>
              <GroupedCode value={r.id} />
            </DetailRow>
            {r.refundRecordId && (
              <DetailRow label={t`Refund record ID`}>
                <RecordLink id={r.refundRecordId} />
              </DetailRow>
            )}
            {r.refundOf && (
              <DetailRow label={t`Refunded withdrawal ID`}>
                <RecordLink id={r.refundOf} />
              </DetailRow>
            )}
          </InfoSection>
        </>
      ) : query.isError ? (
        <p className="empty-state" role="alert">
          {errorMessage(query.error)}
        </p>
      ) : (
        <SkeletonRows rows={8} height={44} />
      )}
    </Page>
  );
}
