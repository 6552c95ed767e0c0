import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';

/** A moment as the user's language writes a date and time. */
export function useDateTime(): (iso: string) => string {
  const { i18n } = useLingui();
  const format = useMemo(
    () => new Intl.DateTimeFormat(i18n.locale.replace('_', '-'), { dateStyle: 'medium', timeStyle: 'short' }),
    [i18n.locale],
  );
  return (iso) => format.format(new Date(iso));
}
