/**
 * "Offline · updated 5 minutes ago": says how old the cached data on screen is while the network
 * is away. The caller decides when to show it (usually `!online`) and passes the query's
 * `dataUpdatedAt`.
 */
import { useLingui } from '@lingui/react/macro';
import './updated-mark.css';

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** Relative time for the last week ("5 minutes ago", "yesterday"), else a short date and time. */
export function formatUpdatedAt(updatedAt: number, now: number, locale: string): string {
  const tag = locale.replace('_', '-');
  const age = Math.max(0, now - updatedAt);
  try {
    if (age < 7 * 86_400_000) {
      const rtf = new Intl.RelativeTimeFormat(tag, { numeric: 'auto' });
      for (const [unit, ms] of UNITS) {
        if (age >= ms) return rtf.format(-Math.floor(age / ms), unit);
      }
      return rtf.format(0, 'minute');
    }
    return new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' }).format(updatedAt);
  } catch {
    return new Date(updatedAt).toISOString();
  }
}

export function UpdatedMark({ updatedAt, show }: { updatedAt: number; show: boolean }) {
  const { t, i18n } = useLingui();
  if (!show || !updatedAt) return null;
  const when = formatUpdatedAt(updatedAt, Date.now(), i18n.locale);
  return (
    <p className="updated-mark" role="status" data-testid="offline-mark">
      <span className="updated-mark__dot" aria-hidden="true" />
      {t`Offline · updated ${when}`}
    </p>
  );
}
