import os from 'node:os';
import type { Core } from '@strapi/strapi';
import { DEFAULT_COMPETITION, type PublicationSummary, type WinnerData } from '@writory/shared';
import { ApiError } from '../../../lib/api-error';
import { requestSiteRebuild } from '../../../lib/site-rebuild';
import { getService } from '../../../services';
import { timerRepository } from '../../timer/repository';
import { competitionOf, timerName, type PublicationTimer, type ResultsPayload, type TimerKind, type TimerPayload } from '../lib/payload';
import { msg } from '../../../lib/messages';

/** Names the cms process that fired a timer (kept on the timer, for the record). */
export const INSTANCE = `${os.hostname()}#${process.pid}`;

export interface Outcome {
  timer: PublicationTimer;
  fired: boolean;
  summary?: PublicationSummary;
  error?: string;
}

/**
 * Publications, scheduled on the server. Every cms instance runs `fireDue` every second (config/cron-tasks.ts);
 * a due timer is claimed and published in one database transaction: the claim (`UPDATE … WHERE status =
 * 'scheduled'`) and the publication commit together or not at all. So a timer fires exactly once: two
 * instances cannot both claim it (PostgreSQL makes the second wait for the first and then finds it fired),
 * a crash mid-publication leaves it scheduled, and one that fell due while the cms was down fires on the
 * next tick after start. A failed publication rolls back and leaves the timer `failed` with its error.
 *
 * The publishers live here: the result and winner domains write their own rows; this domain then records the
 * leaderboard and issues the certificates in the same transaction (it depends on them, never the reverse).
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const timers = timerRepository(strapi);
  let ticking: Promise<unknown> | null = null;

  /** A month's scores: the score cards, then the leaderboard and the participation certificates, all or nothing. */
  async function publishResults(payload: ResultsPayload): Promise<PublicationSummary> {
    const competition = competitionOf(payload);
    return strapi.db.transaction(async () => {
      const written = await getService(strapi, 'api::result.result').publish({ ...payload, competition });
      await getService(strapi, 'api::leaderboard.leaderboard').recordResults(competition, payload.month, written.poets);
      const certificates = await getService(strapi, 'api::certificate.certificate').issueParticipation(competition, payload.month);
      return { competition, month: payload.month, published: written.published, notified: written.notified, certificates };
    });
  }

  /** A month's winners, then their certificates, all or nothing. */
  async function publishWinners(data: WinnerData): Promise<PublicationSummary> {
    const competition = competitionOf(data);
    return strapi.db.transaction(async () => {
      const written = await getService(strapi, 'api::winner.winner').publish({ ...data, competition });
      const certificates = await getService(strapi, 'api::certificate.certificate').issueWinners(competition, data.month);
      return { competition, month: data.month, published: written.published, notified: written.notified, certificates };
    });
  }

  /** What firing a timer does, inside the transaction that marks it fired. */
  const PUBLISHERS: Record<TimerKind, (payload: TimerPayload) => Promise<PublicationSummary>> = {
    results: (payload) => publishResults(payload as ResultsPayload),
    winners: (payload) => publishWinners(payload as WinnerData),
  };

  const latest = (kind: TimerKind, competition: string = DEFAULT_COMPETITION) => timers.latest(kind, competition) as Promise<PublicationTimer | null>;
  const reread = async (id: number) => (await timers.byId(id)) as PublicationTimer;

  async function fireOne(id: number): Promise<{ fired: boolean; summary?: PublicationSummary; error?: string }> {
    const now = new Date();
    try {
      const summary = await strapi.db.transaction(async () => {
        if (!(await timers.claim(id, now, INSTANCE))) return null;
        const timer = await reread(id);
        const result = await PUBLISHERS[timer.kind](timer.payload);
        await timers.recordSummary(id, result, (timer.attempts ?? 0) + 1);
        return result;
      });
      if (!summary) return { fired: false };
      strapi.log.info(`timer ${id} fired on ${INSTANCE}: ${JSON.stringify(summary)}`);
      requestSiteRebuild(strapi);
      return { fired: true, summary };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const timer = await timers.byId(id);
      await timers.markFailed(id, message, (timer?.attempts ?? 0) + 1);
      strapi.log.error(`timer ${id} failed: ${message}`);
      return { fired: false, error: message };
    }
  }

  return {
    latest,
    fireOne,
    publishResults,
    publishWinners,

    /** Fires every due timer, oldest first. Runs once at a time per process; other instances race safely. */
    async fireDue(): Promise<number> {
      if (ticking) return 0;
      const run = (async () => {
        let fired = 0;
        for (const id of await timers.dueIds(new Date(), 10)) if ((await fireOne(id)).fired) fired++;
        return fired;
      })();
      ticking = run;
      try {
        return await run;
      } finally {
        ticking = null;
      }
    },

    /**
     * Schedules a publication; only one of each kind may wait at a time in a competition (each competition's
     * month publishes on its own timer). A failed one is replaced.
     */
    async schedule(kind: TimerKind, payload: TimerPayload, dueAt: Date, userId: number | null): Promise<PublicationTimer> {
      const competition = competitionOf(payload);
      return strapi.db.transaction(async () => {
        if (await timers.countScheduled(kind, competition))
          throw new ApiError(409, msg('timer.alreadyScheduled', { timer: timerName(kind, competition) }), { competition }, 'ConflictError');
        await timers.deleteFailed(kind, competition);
        // Poetry's payload stays as the admin sent it (as before competitions); the timer's column names the competition.
        const { competition: _named, ...rest } = payload as TimerPayload & { competition?: string };
        const stored = competition === DEFAULT_COMPETITION ? rest : { ...rest, competition };
        return (await timers.create({ kind, competitionSlug: competition, payload: stored, dueAt, createdByUserId: userId })) as PublicationTimer;
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
      return { timer: await reread(timer.id), ...outcome };
    },

    /** Deletes the latest timer of a kind of a competition: 404 without one, 409 once it has fired. */
    async remove(kind: TimerKind, competition: string = DEFAULT_COMPETITION): Promise<PublicationTimer> {
      const timer = await latest(kind, competition);
      const name = timerName(kind, competition);
      if (!timer) throw new ApiError(404, msg('timer.none', { timer: name }), {}, 'NotFoundError');
      if (!(await timers.deleteUnfired(timer.id))) {
        throw new ApiError(409, msg('timer.fired', { timer: name }), { firedAt: timer.firedAt }, 'ConflictError');
      }
      return timer;
    },

    /** Fires a competition's failed timer of a kind again, now. */
    async retry(kind: TimerKind, competition: string = DEFAULT_COMPETITION): Promise<Outcome> {
      const timer = await latest(kind, competition);
      const name = timerName(kind, competition);
      if (timer?.status !== 'failed') throw new ApiError(409, msg('timer.noFailed', { timer: name }), {}, 'ConflictError');
      if (!(await timers.reschedule(timer.id))) throw new ApiError(409, msg('timer.changed', { timer: name }), {}, 'ConflictError');
      const outcome = await fireOne(timer.id);
      return { timer: await reread(timer.id), ...outcome };
    },
  };
};
