// The timers table (owned here; the publication domain runs the timers): its uid, its row type and the queries
// the publication service needs. The content type keeps its uid api::timer.timer and its table `timers`: moving
// it into the publication domain would rename the uid, which Strapi would treat as a new content type.
import type { Core } from '@strapi/strapi';
import { DEFAULT_COMPETITION, type PublicationSummary, type TimerStatus } from '@writory/shared';
import type { RowOf } from '../../lib/rows';

export const TIMER = 'api::timer.timer' as const;

export type TimerKind = 'results' | 'winners';

/** A timer row; `payload` is what its publisher takes (the publication domain's ResultsPayload or WinnerData). */
export type TimerRow<Payload = unknown> = RowOf<typeof TIMER, { kind: TimerKind; status: TimerStatus; payload: Payload; summary: PublicationSummary | null }>;

/** A competition's timers; poetry's include those from before competitions (no competition). */
const ofCompetition = (competition: string) =>
  competition === DEFAULT_COMPETITION ? { $or: [{ competitionSlug: competition }, { competitionSlug: null }] } : { competitionSlug: competition };

export function timerRepository(strapi: Core.Strapi) {
  const timers = () => strapi.db.query(TIMER);
  return {
    byId: (id: number): Promise<TimerRow | null> => timers().findOne({ where: { id } }),

    /** The newest timer of a kind of a competition. */
    latest: (kind: TimerKind, competition: string): Promise<TimerRow | null> =>
      timers().findOne({ where: { kind, ...ofCompetition(competition) }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] }),

    /** Up to `limit` timers due at `now`, oldest first. */
    dueIds: async (now: Date, limit: number): Promise<number[]> =>
      (
        await timers().findMany({ select: ['id'], where: { status: 'scheduled', dueAt: { $lte: now } }, orderBy: [{ dueAt: 'asc' }, { id: 'asc' }], limit })
      ).map((row: { id: number }) => row.id),

    /** Marks a due scheduled timer fired; true when this call claimed it (an UPDATE … WHERE status = 'scheduled'). */
    claim: async (id: number, now: Date, firedBy: string): Promise<boolean> =>
      (
        await timers().updateMany({
          where: { id, status: 'scheduled', dueAt: { $lte: now } },
          data: { status: 'fired', firedAt: now, firedBy, error: null },
        })
      ).count === 1,

    recordSummary: (id: number, summary: PublicationSummary, attempts: number) => timers().update({ where: { id }, data: { summary, attempts } }),

    /** Leaves a timer that is still scheduled `failed` with its error. */
    markFailed: (id: number, error: string, attempts: number) =>
      timers().updateMany({ where: { id, status: 'scheduled' }, data: { status: 'failed', error: error.slice(0, 2000), attempts } }),

    countScheduled: (kind: TimerKind, competition: string): Promise<number> =>
      timers().count({ where: { kind, status: 'scheduled', ...ofCompetition(competition) } }),

    deleteFailed: (kind: TimerKind, competition: string) => timers().deleteMany({ where: { kind, status: 'failed', ...ofCompetition(competition) } }),

    create: (data: { kind: TimerKind; competitionSlug: string; payload: unknown; dueAt: Date; createdByUserId: number | null }): Promise<TimerRow> =>
      timers().create({ data: { ...data, status: 'scheduled', attempts: 0 } }),

    /** Deletes a timer that has not fired; true when it did. */
    deleteUnfired: async (id: number): Promise<boolean> => (await timers().deleteMany({ where: { id, status: { $in: ['scheduled', 'failed'] } } })).count === 1,

    /** Schedules a failed timer again, due now; true when it was still failed. */
    reschedule: async (id: number): Promise<boolean> =>
      (await timers().updateMany({ where: { id, status: 'failed' }, data: { status: 'scheduled', dueAt: new Date() } })).count === 1,
  };
}
