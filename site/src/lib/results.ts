// Pure helpers of the results pages: month labels, scores, countdowns and the admin's "publish at" field.
import type { ResultsTimer, WinnerTimer } from '@writory/shared';

/** 85.5 → "85.5", 90 → "90": at most two decimals, none when whole. */
export const formatScore = (score: number) => String(Math.round(score * 100) / 100);

/** Milliseconds left as "2 days 03:04:05", "03:04:05" or "04:05"; never negative. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  const clock = hours || days ? `${two(hours)}:${two(minutes)}:${two(seconds)}` : `${two(minutes)}:${two(seconds)}`;
  return days ? `${days} ${days === 1 ? 'day' : 'days'} ${clock}` : clock;
}

/** The value of a datetime-local input (the browser's time zone) as an ISO instant, or null when empty. */
export function localInputToIso(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** An instant as a datetime-local value in the browser's time zone ("2025-06-30T18:00"). */
export function isoToLocalInput(date: Date): string {
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/**
 * When to ask the server about a timer again (the spec's timer service): 15 s with no active timer, 2 s right
 * after one is due (to see it fire), otherwise 5 s.
 */
export function nextTimerPoll(timer: Pick<ResultsTimer | WinnerTimer, 'isActive' | 'timeRemaining'> | null, sinceFetchMs = 0): number {
  if (!timer?.isActive) return 15_000;
  return timer.timeRemaining - sinceFetchMs <= 0 ? 2_000 : Math.min(5_000, Math.max(500, timer.timeRemaining - sinceFetchMs));
}

/** "1st of 120" style rank text. */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}
