// Waits as people say them ("in 45 seconds", "in 12 minutes", "in 23 hours", "in 2 days"), rounded up so a wait
// is never shorter than it reads. The cms writes its messages with it; the site says clock times beyond an hour.

/** `seconds` from now in words, in `locale` (English unless told). */
export function waitInWords(seconds: number, locale: string | string[] = 'en'): string {
  const words = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
  const wait = Math.max(1, Math.ceil(seconds));
  if (wait < 60) return words.format(wait, 'second');
  if (wait < 3600) return words.format(Math.ceil(wait / 60), 'minute');
  if (wait < 2 * 86_400) return words.format(Math.ceil(wait / 3600), 'hour');
  return words.format(Math.ceil(wait / 86_400), 'day');
}
