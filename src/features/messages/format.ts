/** Message times in the reader's locale: time today, date otherwise. */
export function formatMessageTime(iso: string, locale: string, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const tag = locale.replace('_', '-');
  const sameDay = date.toDateString() === now.toDateString();
  return new Intl.DateTimeFormat(tag, sameDay ? { timeStyle: 'short' } : { dateStyle: 'medium' }).format(date);
}
