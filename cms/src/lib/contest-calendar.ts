import { TZDate } from '@date-fns/tz';
import { SUBMISSION_CLOSE_DAY, SUBMISSION_OPEN_DAY, RESULTS_DAY } from '@writory/shared';

export const DEFAULT_CONTEST_TIME_ZONE = 'Asia/Kolkata';

export interface ContestWindow {
  month: string;
  opensAt: Date;
  /** Exclusive: the first instant after the 25th ends in the contest time zone. */
  closesAt: Date;
  resultsAt: Date;
}

/** "YYYY-MM" of the given instant, in the contest time zone. */
export function monthOf(instant: Date, timeZone: string): string {
  const local = new TZDate(instant.getTime(), timeZone);
  return `${local.getFullYear()}-${String(local.getMonth() + 1).padStart(2, '0')}`;
}

/** Opens on the 1st, closes at the end of the 25th, results on the 30th (the last day in February). */
export function monthWindow(month: string, timeZone: string): ContestWindow {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  if (!match) throw new Error(`month must look like YYYY-MM (got "${month}")`);
  const year = Number(match[1]);
  const monthIndex = Number(match[2]) - 1;
  const daysInMonth = new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
  const at = (day: number) => new Date(new TZDate(year, monthIndex, day, 0, 0, 0, timeZone).getTime());
  return {
    month,
    opensAt: at(SUBMISSION_OPEN_DAY),
    closesAt: at(SUBMISSION_CLOSE_DAY + 1),
    resultsAt: at(Math.min(RESULTS_DAY, daysInMonth)),
  };
}

/** The month after "YYYY-MM" (or `offset` months after it). */
export function addMonths(month: string, offset = 1): string {
  const [year, monthNumber] = month.split('-').map(Number);
  const index = year * 12 + (monthNumber - 1) + offset;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** True for an IANA time zone name this runtime knows (e.g. "Asia/Kolkata", "UTC"). */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone }).format(0);
    return true;
  } catch {
    return false;
  }
}
