// Date ranges of the admin pages: YYYY-MM-DD days, both ends included (the cms counts days in the contest time zone).

import { MAX_RANGE_DAYS } from '@writory/shared';
import { formatDay, type ReaderOptions } from './format';

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

/** What is wrong with a range, in words for the form, or null when it is fine. */
export function rangeProblem(range: { from: string; to: string }): string | null {
  const from = parse(range.from);
  const to = parse(range.to);
  if (Number.isNaN(from) || Number.isNaN(new Date(from).getTime()) || new Date(from).toISOString().slice(0, 10) !== range.from) return 'Choose a start date.';
  if (Number.isNaN(to) || new Date(to).toISOString().slice(0, 10) !== range.to) return 'Choose an end date.';
  if (from > to) return 'The start date must be on or before the end date.';
  if ((to - from) / DAY_MS >= MAX_RANGE_DAYS) return `Choose at most ${MAX_RANGE_DAYS} days.`;
  return null;
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** A YYYY-MM-DD day that exists, or null. */
function realDay(day: string): string | null {
  const at = parse(day);
  return Number.isNaN(at) || new Date(at).toISOString().slice(0, 10) !== day ? null : day;
}

/**
 * A day as a person types it in a date box, written as Writory writes days elsewhere (formatDay: "25 Nov 2026", or
 * "Nov 25, 2026" in American English), or as YYYY-MM-DD, → YYYY-MM-DD; null when it is not one day for certain.
 * Month names may be short ("Sept") or whole; all-number days such as 10/11/2026 are refused, since they read
 * differently in different countries.
 */
export function parseDayText(text: string): string | null {
  const trimmed = text.trim();
  if (DAY.test(trimmed)) return realDay(trimmed);
  let month = -1;
  const numbers: string[] = [];
  for (const word of trimmed
    .toLowerCase()
    .split(/[\s,.]+/)
    .filter(Boolean)) {
    if (/^\d+$/.test(word)) {
      numbers.push(word);
      continue;
    }
    const index = MONTHS.findIndex((name) => word.length >= 3 && name.startsWith(word));
    if (index < 0 || month >= 0) return null;
    month = index;
  }
  const year = numbers.find((n) => n.length === 4);
  const day = numbers.find((n) => n.length <= 2);
  if (month < 0 || numbers.length !== 2 || !year || !day) return null;
  return realDay(`${year}-${String(month + 1).padStart(2, '0')}-${day.padStart(2, '0')}`);
}

/** A YYYY-MM-DD day as the site writes it ("25 Nov 2026"), for a date box to show. */
export const dayText = (day: string, options: ReaderOptions = {}): string => formatDay(day, options);
