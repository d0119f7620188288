// Dates, months, numbers, money, plurals and waits, all through Intl in the page's language (issue 39): on an
// English page in the reader's own English (en-GB, en-US, en-IN… as their browser prefers), on a Hindi or Arabic
// page in that language (digits as its convention says), in the reader's time zone. Pages built before anyone
// reads them use the page language's site form (en-GB for English) and name the time zone they show.
import { type CurrencyCode, formatMoney as formatMoneyIn, type Locale, waitInWords } from '@writory/shared';
import { currentLocale, t } from '../i18n/t';

export const SITE_LOCALE = 'en-GB';

/** The Intl locale of each interface language as the site writes it (English: British, as the site always has). */
const INTL_LOCALE: Record<Locale, string> = { en: SITE_LOCALE, hi: 'hi-IN', ar: 'ar' };

/** The Intl locale of the page being shown or built (`en-GB`, `hi-IN`, `ar`). */
export const pageIntlLocale = (locale: Locale = currentLocale()) => INTL_LOCALE[locale];

export interface ReaderOptions {
  locale?: string;
  /** An IANA time zone; the reader's own when left out. */
  timeZone?: string;
}

/**
 * On a Hindi or Arabic page, that language; on an English page the reader's first English from their browser's
 * languages, the site's English at build time or for other languages.
 */
export function readerLocale(
  languages: readonly string[] | undefined = typeof document === 'undefined' ? undefined : navigator.languages,
  page: Locale = currentLocale(),
): string {
  if (page !== 'en') return INTL_LOCALE[page];
  const english = languages?.find((tag) => /^en(-|$)/i.test(tag));
  if (!english || english.toLowerCase() === 'en') return SITE_LOCALE;
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([english])[0] ?? SITE_LOCALE;
  } catch {
    return SITE_LOCALE;
  }
}

const format = (options: Intl.DateTimeFormatOptions, { locale = readerLocale(), timeZone }: ReaderOptions) =>
  new Intl.DateTimeFormat(locale, { ...options, timeZone });

/** "2026-10" → "October 2026" (a month is a month in every time zone). */
export const formatMonth = (month: string, options: ReaderOptions = {}) =>
  format({ month: 'long', year: 'numeric' }, { ...options, timeZone: 'UTC' }).format(new Date(`${month}-15T12:00:00Z`));

/** A calendar day "2026-11-25" → "25 Nov 2026" (the day itself, whatever the reader's zone). */
export const formatDay = (day: string, options: ReaderOptions = {}) =>
  format({ dateStyle: 'medium' }, { ...options, timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));

/** An instant's date → "25 Nov 2026" in the reader's zone. */
export const formatDate = (iso: string, options: ReaderOptions = {}) => format({ dateStyle: 'medium' }, options).format(new Date(iso));

/** An instant → "25 Nov 2026, 09:00" in the reader's zone. */
export const formatDateTime = (iso: string, options: ReaderOptions = {}) => format({ dateStyle: 'medium', timeStyle: 'short' }, options).format(new Date(iso));

/** The calendar day of an instant in a zone, counted in days (to tell today from tomorrow). */
function dayNumber(at: Date, timeZone: string | undefined): number {
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(at)
    .split('-')
    .map(Number);
  return Date.UTC(year, month - 1, day) / 86_400_000;
}

/**
 * When a wait of `seconds` ends, as people say it: "in 45 seconds", "in 12 minutes" within the hour, then the
 * clock: "today at 21:00", "tomorrow at 09:00", "on 3 Dec 2026 at 09:00".
 */
export function formatWait(seconds: number, { now = new Date(), ...options }: ReaderOptions & { now?: Date } = {}): string {
  const locale = options.locale ?? readerLocale();
  if (seconds < 3600) return waitInWords(seconds, locale);
  // Rounded up to the minute: the time said is never before the wait ends.
  const at = new Date(Math.ceil((now.getTime() + seconds * 1000) / 60_000) * 60_000);
  const time = format({ timeStyle: 'short' }, { ...options, locale }).format(at);
  const days = dayNumber(at, options.timeZone) - dayNumber(now, options.timeZone);
  if (days <= 1) return t('time.dayAt', { day: new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(days, 'day'), time });
  return t('time.dateAt', { date: format({ dateStyle: 'medium' }, { ...options, locale }).format(at), time });
}

/**
 * A noun's forms by plural category; which one a count takes is Intl.PluralRules' to say. English has one and
 * other; Arabic also zero, two, few and many (a form left out falls back to other). `#` in a form is where the
 * number goes; a form may leave it out (Arabic says "كتابان" for two books, without the number).
 */
export type NounForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/** "1 place", "2 places", "1,200 places": a count and its noun, never "place(s)", in the page's language. */
export function countOf(count: number, forms: NounForms, locale = pageIntlLocale()): string {
  const form = forms[new Intl.PluralRules(locale).select(count)] ?? forms.other;
  return form.replace('#', formatNumber(count, locale));
}

const PLURAL_RULES: Intl.LDMLPluralRule[] = ['zero', 'one', 'two', 'few', 'many', 'other'];

/** The nouns the catalogues count (`count.<noun>.<rule>` keys in each locale). */
export type CountedNoun = 'place' | 'like' | 'openReport' | 'entry' | 'credit' | 'poem' | 'freeEntry' | 'entryCredit' | 'morePoem' | 'word';

/** A counted noun's forms from the catalogue (`count.<noun>.<rule>`), in the page's language. */
export const nounForms = (noun: CountedNoun): NounForms => Object.fromEntries(PLURAL_RULES.map((rule) => [rule, t(`count.${noun}.${rule}`)])) as NounForms;

/** A number as the page's language writes it ("1,234.5"; Arabic and Hindi as their Intl convention says). */
export const formatNumber = (value: number, locale = pageIntlLocale()) => new Intl.NumberFormat(locale).format(value);

/** "Structure, Creativity and Theme" in the page's language (`Intl.ListFormat`). */
export const formatList = (items: readonly string[], locale = pageIntlLocale()) => new Intl.ListFormat(locale, { type: 'conjunction' }).format(items);

/**
 * An amount in minor units as money in the page's language ("₹1,499.00", Arabic "‏1,499.00 ₹"). English pages keep
 * the money form Writory has always shown ("$10.00", not en-GB's "US$10.00").
 */
export const formatMoney = (amount: number, currency: CurrencyCode, locale = currentLocale() === 'en' ? 'en' : pageIntlLocale()) =>
  formatMoneyIn(amount, currency, locale);
