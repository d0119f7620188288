import os from 'node:os';
import type { Core } from '@strapi/strapi';
import type { PublicationSummary, ResultsSource, ResultsTimer, TimerStatus, WinnerData, WinnerTimer } from '@writory/shared';
import { ApiError } from '../../../lib/api-error';
import { requestSiteRebuild } from '../../../lib/site-rebuild';
import { getService } from '../../../services';
import type { RowOf } from '../../../lib/rows';

const TIMER = 'api::timer.timer';
/** Names the cms process that fired a timer (kept on the timer, for the record). */
export const INSTANCE = `${os.hostname()}#${process.pid}`;

export type TimerKind = 'results' | 'winners';

export interface ResultsPayload {
  month: string;
  source: ResultsSource;
  fileName: string | null;
  fileContent: string | null;
}
export type TimerPayload = ResultsPayload | WinnerData;

export type TimerRow = RowOf<'api::timer.timer', { kind: TimerKind; status: TimerStatus; payload: TimerPayload; summary: PublicationSummary | null }>;

export interface Outcome {
  timer: TimerRow;
  fired: boolean;
  summary?: PublicationSummary;
  error?: string;
}

/** What firing a timer does, inside the transaction that marks it fired. */
const PUBLISHERS: Record<TimerKind, (strapi: Core.Strapi, payload: any) => Promise<PublicationSummary>> = {
  results: (strapi, payload: ResultsPayload) => getService(strapi, 'api::result.result').publish(payload),
  winners: (strapi, payload: WinnerData) => getService(strapi, 'api::winner.winner').publish(payload),
};

const NAMES: Record<TimerKind, string> = { results: 'results timer', winners: 'winner timer' };

export function toWire(row: TimerRow, now = Date.now()): ResultsTimer | WinnerTimer {
  const dueAt = new Date(row.dueAt).getTime();
  const base = {
    id: row.id,
    isActive: row.status === 'scheduled',
    timeRemaining: row.status === 'scheduled' ? Math.max(0, dueAt - now) : 0,
    dueAt: new Date(dueAt).toISOString(),
    status: row.status,
    error: row.error ?? null,
    firedAt: row.firedAt ? new Date(row.firedAt).toISOString() : null,
    summary: row.summary ?? null,
  };
  if (row.kind === 'winners') return { ...base, winnerData: row.payload as WinnerData };
  const payload = row.payload as ResultsPayload;
  return { ...base, month: payload.month, source: payload.source, fileName: payload.fileName ?? null, fileContent: payload.fileContent ?? null };
}

/**
 * Publications scheduled on the server. Every cms instance runs `fireDue` every second (config/cron-tasks.ts);
 * a due timer is claimed and published in one database transaction: the claim (`UPDATE … WHERE status =
 * 'scheduled'`) and the publication commit together or not at all. So a timer fires exactly once: two
 * instances cannot both claim it (PostgreSQL makes the second wait for the first and then finds it fired),
 * a crash mid-publication leaves it scheduled, and one that fell due while the cms was down fires on the
 * next tick after start. A failed publication rolls back and leaves the timer `failed` with its error.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const timers = () => strapi.db.query(TIMER);
  let ticking: Promise<unknown> | null = null;

  async function latest(kind: TimerKind): Promise<TimerRow | null> {
    return timers().findOne({ where: { kind }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
  }

  async function fireOne(id: number): Promise<{ fired: boolean; summary?: PublicationSummary; error?: string }> {
    const now = new Date();
    try {
      const summary = await strapi.db.transaction(async () => {
        const claimed = await timers().updateMany({
          where: { id, status: 'scheduled', dueAt: { $lte: now } },
          data: { status: 'fired', firedAt: now, firedBy: INSTANCE, error: null },
        });
        if (claimed.count !== 1) return null;
        const timer: TimerRow = await timers().findOne({ where: { id } });
        const result = await PUBLISHERS[timer.kind](strapi, timer.payload);
        await timers().update({ where: { id }, data: { summary: result, attempts: (timer.attempts ?? 0) + 1 } });
        return result;
      });
      if (!summary) return { fired: false };
      strapi.log.info(`timer ${id} fired on ${INSTANCE}: ${JSON.stringify(summary)}`);
      requestSiteRebuild(strapi);
      return { fired: true, summary };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const timer: TimerRow | null = await timers().findOne({ where: { id } });
      await timers().updateMany({
        where: { id, status: 'scheduled' },
        data: { status: 'failed', error: message.slice(0, 2000), attempts: (timer?.attempts ?? 0) + 1 },
      });
      strapi.log.error(`timer ${id} failed: ${message}`);
      return { fired: false, error: message };
    }
  }

  return {
    latest,
    fireOne,

    /** Fires every due timer, oldest first. Runs once at a time per process; other instances race safely. */
    async fireDue(): Promise<number> {
      if (ticking) return 0;
      const run = (async () => {
        const due: { id: number }[] = await timers().findMany({
          select: ['id'],
          where: { status: 'scheduled', dueAt: { $lte: new Date() } },
          orderBy: [{ dueAt: 'asc' }, { id: 'asc' }],
          limit: 10,
        });
        let fired = 0;
        for (const { id } of due) if ((await fireOne(id)).fired) fired++;
        return fired;
      })();
      ticking = run;
      try {
        return await run;
      } finally {
        ticking = null;
      }
    },

    /** Schedules a publication; only one of each kind may wait at a time. A failed one is replaced. */
    async schedule(kind: TimerKind, payload: TimerPayload, dueAt: Date, userId: number | null): Promise<TimerRow> {
      return strapi.db.transaction(async () => {
        const waiting = await timers().count({ where: { kind, status: 'scheduled' } });
        if (waiting) throw new ApiError(409, `A ${NAMES[kind]} is already scheduled. Delete it first.`, {}, 'ConflictError');
        await timers().deleteMany({ where: { kind, status: 'failed' } });
        return timers().create({ data: { kind, payload, dueAt, status: 'scheduled', attempts: 0, createdByUserId: userId } });
      });
    },

    /**
     * Schedules a publication, or fires it at once without `publishAt`: "publish now" is a timer due now, so it
     * leaves the same record and has the same exactly-once guarantee.
     */
    async publishOrSchedule(kind: TimerKind, payload: TimerPayload, publishAt: Date | null, userId: number | null): Promise<Outcome> {
      const timer = await this.schedule(kind, payload, publishAt ?? new Date(), userId);
      if (publishAt) return { timer, fired: false };
      const outcome = await fireOne(timer.id);
      return { timer: (await timers().findOne({ where: { id: timer.id } })) as TimerRow, ...outcome };
    },

    /** Deletes the latest timer of a kind: 404 without one, 409 once it has fired. */
    async remove(kind: TimerKind): Promise<TimerRow> {
      const timer = await latest(kind);
      if (!timer) throw new ApiError(404, `There is no ${NAMES[kind]}.`, {}, 'NotFoundError');
      const { count } = await timers().deleteMany({ where: { id: timer.id, status: { $in: ['scheduled', 'failed'] } } });
      if (count !== 1) {
        throw new ApiError(409, `The ${NAMES[kind]} already fired; what it published stays published.`, { firedAt: timer.firedAt }, 'ConflictError');
      }
      return timer;
    },

    /** Fires a failed timer again, now. */
    async retry(kind: TimerKind): Promise<Outcome> {
      const timer = await latest(kind);
      if (timer?.status !== 'failed') throw new ApiError(409, `There is no failed ${NAMES[kind]} to retry.`, {}, 'ConflictError');
      const { count } = await timers().updateMany({ where: { id: timer.id, status: 'failed' }, data: { status: 'scheduled', dueAt: new Date() } });
      if (count !== 1) throw new ApiError(409, `The ${NAMES[kind]} changed meanwhile; reload.`, {}, 'ConflictError');
      const outcome = await fireOne(timer.id);
      return { timer: (await timers().findOne({ where: { id: timer.id } })) as TimerRow, ...outcome };
    },
  };
};
