// What a timer carries to its publisher (kept as the timer's JSON payload).
import type { ResultsSource, WinnerData } from '@writory/shared';
import type { TimerKind, TimerRow } from '../../timer/repository';

export type { TimerKind } from '../../timer/repository';

/** A results publication: the month's scores from a CSV or from the judges. */
export interface ResultsPayload {
  month: string;
  source: ResultsSource;
  fileName: string | null;
  fileContent: string | null;
}
export type TimerPayload = ResultsPayload | WinnerData;

export type PublicationTimer = TimerRow<TimerPayload>;

export const TIMER_NAMES: Record<TimerKind, string> = { results: 'results timer', winners: 'winner timer' };
