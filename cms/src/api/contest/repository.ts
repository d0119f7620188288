// The contest domain's table (issue 36): the monthly contests of each competition. Other domains read contests and
// take their lock through these functions, never strapi.db.query on the contests table.
import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import type { ContestInfo, Criterion } from '@writory/shared';
import { linkOf, lockRow } from '../../lib/db';
import type { RowOf } from '../../lib/rows';

export const CONTEST = 'api::contest.contest' as const;

/** A contests row; `criteria` is what its judges score on, fixed at its first score (null before). */
export type ContestRow = RowOf<typeof CONTEST, { criteria: Criterion[] | null }>;
/** A contest as the judging's background work names it. */
export type ContestRef = Pick<ContestRow, 'id' | 'month' | 'competitionSlug'>;

const iso = (value: string | Date) => new Date(value).toISOString();

export function toContestInfo(row: ContestRow): ContestInfo {
  return { month: row.month, theme: row.theme ?? null, opensAt: iso(row.opensAt), closesAt: iso(row.closesAt), resultsAt: iso(row.resultsAt) };
}

export const isOpen = (row: Pick<ContestRow, 'opensAt' | 'closesAt'>, now: Date) => new Date(row.opensAt) <= now && now < new Date(row.closesAt);

/**
 * What other domains do for contests (registered with `getService(strapi, 'api::contest.contest').listen(…)` from
 * their bootstrap), so the contest domain never calls them: the entry domain moves a closed contest's entries to
 * judging and counts a contest's entries; the score domain assigns judges and warns of short language coverage.
 */
export interface ContestListener {
  /** The calendar's step found these contests closed (results within the last 60 days). Idempotent. */
  closed?(contests: Pick<ContestRow, 'id'>[], now: Date): Promise<unknown>;
  /** The calendar's step ran (after `closed`): anything due before a window closes. Idempotent. */
  calendarRan?(now: Date): Promise<unknown>;
  /** How many entries the contest has (the admins' contests list). */
  countEntries?(contestId: number): Promise<number>;
}

export function contestRepository(strapi: Core.Strapi) {
  const contests = () => strapi.db.query(CONTEST);
  return {
    /** The competition's contest of this month, or null. */
    async ofMonth(month: string, competitionSlug: string): Promise<ContestRow | null> {
      return contests().findOne({ where: { month, competitionSlug } });
    },

    /** The competition's contests among these ids, newest month first. */
    async byIdsNewestFirst(ids: readonly number[], competitionSlug: string): Promise<ContestRow[]> {
      if (ids.length === 0) return [];
      return contests().findMany({ where: { id: { $in: [...ids] }, competitionSlug }, orderBy: { month: 'desc' } });
    },

    /** The competition's contests whose results came after `since` (or are still to come), oldest month first. */
    async resultsAfter(since: Date, competitionSlug: string): Promise<ContestRef[]> {
      return contests().findMany({
        where: { competitionSlug, resultsAt: { $gt: since } },
        select: ['id', 'month', 'competitionSlug'],
        orderBy: { month: 'asc' },
      });
    },

    /** Contests closing in (from, until] whose judges' language coverage was not warned about yet. */
    async closingUnwarned(from: Date, until: Date): Promise<ContestRef[]> {
      return contests().findMany({
        where: { closesAt: { $gt: from, $lte: until }, coverageWarnedAt: { $null: true } },
        select: ['id', 'month', 'competitionSlug'],
      });
    },

    /** Records the coverage warning once: false when another instance recorded it first. */
    async markCoverageWarned(id: number, at: Date): Promise<boolean> {
      const { count } = await contests().updateMany({ where: { id, coverageWarnedAt: { $null: true } }, data: { coverageWarnedAt: at } });
      return count > 0;
    },

    /** The contests that belong to no competition (or name none): every contest from before competitions. */
    async withoutCompetition(): Promise<number[]> {
      const link = linkOf(strapi, CONTEST, 'competition');
      const knex = strapi.db.connection;
      const rows: { id: number }[] = await knex(strapi.db.metadata.get(CONTEST as never).tableName)
        .select('id')
        .whereNotIn('id', knex(link.name).select(link.joinColumn.name))
        .orWhereNull('competition_slug');
      return rows.map((row) => Number(row.id));
    },

    /** Makes the contest belong to this competition. */
    async assignCompetition(id: number, competition: { id: number; slug: string }): Promise<void> {
      await contests().update({ where: { id }, data: { competition: competition.id, competitionSlug: competition.slug } });
    },

    /** The competition's latest contests, newest month first (at most `limit`). */
    async latest(competitionSlug: string, limit: number): Promise<Pick<ContestRow, 'id' | 'month' | 'theme'>[]> {
      return contests().findMany({ where: { competitionSlug }, select: ['id', 'month', 'theme'], orderBy: { month: 'desc' }, limit });
    },

    /** The competition's contests of these months: each month's theme. */
    async themesOf(months: readonly string[], competitionSlug: string): Promise<Pick<ContestRow, 'id' | 'month' | 'theme'>[]> {
      if (months.length === 0) return [];
      return contests().findMany({ where: { month: { $in: [...months] }, competitionSlug }, select: ['id', 'month', 'theme'] });
    },

    /** One contest by id (null when there is none). */
    async byId(id: number): Promise<ContestRow | null> {
      return contests().findOne({ where: { id } });
    },

    /** The competition's contests whose judging criteria are fixed (a first score was given), oldest first. */
    async withFixedCriteria(competitionSlug: string): Promise<Pick<ContestRow, 'month' | 'criteria'>[]> {
      return contests().findMany({ where: { competitionSlug, criteria: { $notNull: true } }, select: ['month', 'criteria'], orderBy: { month: 'asc' } });
    },

    /** Fixes the contest's judging criteria unless they are fixed already (inside the first score's transaction). */
    async fixCriteria(id: number, criteria: Criterion[], trx: Knex.Transaction): Promise<void> {
      await trx(strapi.db.metadata.get(CONTEST as never).tableName)
        .where({ id })
        .whereNull('criteria')
        .update({ criteria: JSON.stringify(criteria) });
    },

    /** Those of these contests (a subquery of contest ids) whose judging criteria are not fixed yet. */
    async unfixedAmong(ids: Knex.QueryBuilder): Promise<number[]> {
      const rows: { id: number }[] = await strapi.db
        .connection(strapi.db.metadata.get(CONTEST as never).tableName)
        .select('id')
        .whereNull('criteria')
        .whereIn('id', ids);
      return rows.map((row) => Number(row.id));
    },

    /** Holds the contest's row until the transaction ends (its judging assignments are written under it). */
    lock(id: number, trx: unknown): Promise<void> {
      return lockRow(strapi, CONTEST, id, trx);
    },
  };
}
