// Date ranges of the admin pages: YYYY-MM-DD days, both ends included (the cms counts days in the contest time zone).

import { MAX_RANGE_DAYS } from '@writory/shared';

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
