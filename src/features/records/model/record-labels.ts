/**
 * Each record type and status of SPEC §3–4 with its own translated label and colour tone. Labels
 * use the global i18n (core macro), so call these at render time.
 */
import { t } from '@lingui/core/macro';
import type { RecordStatus, RecordType } from '../../../contract/money';

export type Tone = 'success' | 'danger' | 'warning' | 'info' | 'neutral';

export function recordTypeLabel(type: RecordType): string {
  switch (type) {
    case 'deposit':
      return t`Deposit`;
    case 'withdraw':
      return t`Withdrawal`;
    case 'airdrop':
      return t`Airdrop reward`;
    case 'activation':
      return t`Activation reward`;
    case 'swap':
      return t`Flash swap`;
    case 'reward':
      return t`Pool reward`;
    case 'activity':
      return t`Activity reward`;
    case 'refund':
      return t`Refund`;
  }
}

export function recordStatusLabel(status: RecordStatus): string {
  switch (status) {
    case 'success':
      return t`Success`;
    case 'failed':
      return t`Failed`;
    case 'pending_review':
      return t`Pending review`;
    case 'review_approved':
      return t`Review approved`;
    case 'review_rejected':
      return t`Review rejected`;
    case 'withdrawing':
      return t`Withdrawal in progress`;
    case 'confirming':
      return t`Confirming`;
  }
}

export const STATUS_TONE: Record<RecordStatus, Tone> = {
  success: 'success',
  failed: 'danger',
  pending_review: 'warning',
  review_approved: 'info',
  review_rejected: 'danger',
  withdrawing: 'warning',
  confirming: 'warning',
};

/** A record's time in the user's locale (date and time, short). */
export function formatRecordTime(iso: string, locale: string, style: 'short' | 'medium' = 'short'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat(locale.replace('_', '-'), { dateStyle: style, timeStyle: style }).format(date);
  } catch {
    return date.toISOString();
  }
}
