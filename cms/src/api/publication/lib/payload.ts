// What a timer carries to its publisher (kept as the timer's JSON payload).
import { DEFAULT_COMPETITION, type ResultsSource, type WinnerData } from '@writory/shared';
import type { TimerKind, TimerRow } from '../../timer/repository';

export type { TimerKind } from '../../timer/repository';

/** A results publication: the month's scores from a CSV or from the judges. */
export interface ResultsPayload {
  /** The competition (slug); payloads from before competitions have none: poetry. */
  competition?: string;
  month: string;
  source: ResultsSource;
  fileName: string | null;
  fileContent: string | null;
}
export type TimerPayload = ResultsPayload | WinnerData;

export type PublicationTimer = TimerRow<TimerPayload>;

/** The competition a payload publishes. */
export const competitionOf = (payload: { competition?: string }) => payload.competition || DEFAULT_COMPETITION;

/** "results timer" for poetry (as before competitions), "story results timer" for another competition. */
export const timerName = (kind: TimerKind, competition: string) =>
  competition === DEFAULT_COMPETITION ? TIMER_NAMES[kind] : `${competition} ${TIMER_NAMES[kind]}`;

export const TIMER_NAMES: Record<TimerKind, string> = { results: 'results timer', winners: 'winner timer' };
