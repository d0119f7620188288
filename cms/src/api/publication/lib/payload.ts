// What a timer carries to its publisher (kept as the timer's JSON payload).
import { DEFAULT_COMPETITION, type ResultsSource, type WinnerData } from '@writory/shared';
import type { TimerKind, TimerRow } from '../../timer/repository';
import { msg, type Message, type MessageKey } from '../../../lib/messages';

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

/** "results timer" for poetry (as before competitions), "story results timer" for another competition (a catalogue message). */
export const timerName = (kind: TimerKind, competition: string): Message =>
  competition === DEFAULT_COMPETITION ? msg(TIMER_NAMES[kind]) : msg('timer.ofCompetition', { competition, timer: msg(TIMER_NAMES[kind]) });

export const TIMER_NAMES = { results: 'timer.results', winners: 'timer.winners' } as const satisfies Record<TimerKind, MessageKey>;
