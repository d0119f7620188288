// Date ranges of the admin pages: YYYY-MM-DD days, both ends included (the cms counts days in the contest time zone).

import { MAX_RANGE_DAYS } from '@writory/shared';
import { formatNumber, readerLocale, type ReaderOptions } from './format';
import { t } from '../i18n/t';

export { MAX_RANGE_DAYS };

const DAY_MS = 86_400_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const parse = (day: string) => (DAY.test(day) ? Date.parse(`${day}T00:00:00Z`) : Number.NaN);

/** Today in a time zone, as YYYY-MM-DD. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** `day` moved by a number of days. */
export function addDays(day: string, days: number): string {
  return new Date(parse(day) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The last `days` days up to and including `today`. */
export function lastDays(today: string, days: number): { from: string; to: string } {
  return { from: addDays(today, -(days - 1)), to: today };
}

/** What is wrong with a range, in words for the form (the page's language: the admin pages' catalogue), or null when it is fine. */
export function rangeProblem(range: { from: string; to: string }): string | null {
  const from = parse(range.from);
  const to = parse(range.to);
  if (Number.isNaN(from) || Number.isNaN(new Date(from).getTime()) || new Date(from).toISOString().slice(0, 10) !== range.from)
    return t('adminDates.rangeStart');
  if (Number.isNaN(to) || new Date(to).toISOString().slice(0, 10) !== range.to) return t('adminDates.rangeEnd');
  if (from > to) return t('adminDates.rangeOrder');
  if ((to - from) / DAY_MS >= MAX_RANGE_DAYS) return t('adminDates.rangeTooLong', { days: formatNumber(MAX_RANGE_DAYS) });
  return null;
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** The interface languages' own month names (Intl: whole and short, as their days are written), matched whole. */
const NAMED_IN = ['hi-IN', 'ar'];
let monthNames: Map<string, number> | null = null;
function monthOfName(word: string): number {
  if (!monthNames) {
    monthNames = new Map();
    for (const locale of NAMED_IN)
      for (const month of ['long', 'short'] as const) {
        const named = new Intl.DateTimeFormat(locale, { month, timeZone: 'UTC' });
        for (let index = 0; index < 12; index++) monthNames.set(normalise(named.format(new Date(Date.UTC(2026, index, 15)))), index);
      }
  }
  const named = monthNames.get(word);
  if (named !== undefined) return named;
  // English: whole or from its first three letters on ("Sept", "nov").
  return MONTHS.findIndex((name) => word.length >= 3 && name.startsWith(word));
}

/**
 * Text as the matching reads it: lower case, digits of any script as 0-9 (Devanagari २५, Arabic ٢٥), without the
 * marks that only steer direction (U+200E/F, U+061C) or abbreviate (Hindi "नव॰"), Hindi's "म्ब" as Intl spells it
 * ("सितम्बर" → "सितंबर").
 */
function normalise(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFC')
    .replace(/[\u0966-\u096F]/g, (digit) => String(digit.charCodeAt(0) - 0x0966))
    .replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x0660))
    .replace(/[\u06F0-\u06F9]/g, (digit) => String(digit.charCodeAt(0) - 0x06f0))
    .replace(/[\u200E\u200F\u061C\u0970]/g, '')
    .replace(/म्ब/g, 'ंब');
}

/** A YYYY-MM-DD day that exists, or null. */
function realDay(day: string): string | null {
  const at = parse(day);
  return Number.isNaN(at) || new Date(at).toISOString().slice(0, 10) !== day ? null : day;
}

/**
 * A day as a person types it in a date box, written as Writory writes days (dayText: "25 Nov 2026", "Nov 25, 2026"
 * in American English, "25 नवंबर 2026", "25 نوفمبر 2026"), or as YYYY-MM-DD, → YYYY-MM-DD; null when it is not one
 * day for certain. Month names may be English (short such as "Sept", or whole), or Hindi or Arabic as Intl writes
 * them, on any page; digits may be Latin, Devanagari or Arabic. All-number days such as 10/11/2026 are refused,
 * since they read differently in different countries.
 */
export function parseDayText(text: string): string | null {
  const trimmed = normalise(text).trim();
  if (DAY.test(trimmed)) return realDay(trimmed);
  let month = -1;
  const numbers: string[] = [];
  for (const word of trimmed.split(/[\s,.،]+/).filter(Boolean)) {
    if (/^\d+$/.test(word)) {
      numbers.push(word);
      continue;
    }
    const index = monthOfName(word);
    if (index < 0 || month >= 0) return null;
    month = index;
  }
  const year = numbers.find((n) => n.length === 4);
  const day = numbers.find((n) => n.length <= 2);
  if (month < 0 || numbers.length !== 2 || !year || !day) return null;
  return realDay(`${year}-${String(month + 1).padStart(2, '0')}-${day.padStart(2, '0')}`);
}

/**
 * A YYYY-MM-DD day for a date box to show, in the reader's language with its month named: "25 Nov 2026" (the
 * reader's English: "Nov 25, 2026" in American), "25 नवंबर 2026", "25 نوفمبر 2026" (never Intl's all-number Arabic
 * "25/11/2026", which reads differently in different countries). parseDayText reads it back.
 */
export function dayText(day: string, { locale = readerLocale() }: ReaderOptions = {}): string {
  const english = /^en(-|$)/i.test(locale);
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: english ? 'short' : 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );
}
