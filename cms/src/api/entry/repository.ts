// The entry domain's table (issue 36): the poems poets enter. Other domains (judging, the user lists, the contest
// admin) read entries and move them through judging with these functions, never strapi.db.query on the entries.
import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import type { EntryStatus, OriginalityMatch, PoemKind } from '@writory/shared';
import type { ContestRow } from '../contest/repository';
import { columnOf, linkOf, tableOf } from '../../lib/bulk';
import type { RowOf } from '../../lib/rows';
import { idsLinkedTo, lockRow } from '../../lib/db';
import { knexOf } from '../../lib/money-db';
import type { UserRow } from '../user/repository';

export const ENTRY = 'api::entry.entry' as const;
/** Poets' drafts of entries (issue 40): private to their poet, read and written only by `api::entry.drafts`. */
export const DRAFT = 'api::entry.draft' as const;
/** The private store's folder of drafts' files. */
export const DRAFT_FOLDER = 'entry-drafts';
export type DraftRow = RowOf<typeof DRAFT>;

/** An entries row as the entry services read it (contest and poet when populated). */
export interface EntryRow {
  id: number;
  code: string;
  title: string;
  language: string;
  status: EntryStatus;
  submittedAt: string;
  judgingStartedAt: string | null;
  scoredAt: string | null;
  resultsPublishedAt: string | null;
  fileKey: string;
  fileName: string;
  fileType: PoemKind;
  fileSize: number;
  fileSha256: string;
  judgeFileKey: string | null;
  text: string;
  judgeText: string;
  judgeTitle: string;
  wordCount: number;
  photoKey: string | null;
  contactName: string;
  /** The poet's name as written in the poem's script, when given: private, like every contact field. */
  contactNameInScript: string | null;
  contactPhone: string;
  contactCountry: string;
  originalityFlag: boolean | null;
  originalityMatches: OriginalityMatch[] | null;
  idempotencyKey: string;
  contest?: ContestRow | null;
  poet?: Pick<UserRow, 'id' | 'name' | 'email'> | null;
}

/** A column of the entries table. */
export type EntryColumn = Exclude<keyof EntryRow, 'contest' | 'poet'>;
/** The columns asked for, the id, and the poet's id. */
export type EntryWithPoet<K extends EntryColumn> = Pick<EntryRow, K | 'id'> & { poet?: { id: number } | null };
/** An entry as the results' publication reads it: its poet's id, not the poet. */
export type PublishableEntry = Pick<EntryRow, 'id' | 'code' | 'title' | 'language' | 'status'> & { poetId: number | null };
/** One entry's judging figures as the admins' entries table shows them. */
export interface EntryScoreFigures {
  /** Each judge's total, in the order given. */
  totals: number[];
  meanTotal: number;
  normalisedScore: number | null;
  /** The official score: normalised when asked for, else the mean. */
  score: number;
}

/**
 * The judges' scores for the admins' entries table, as the score domain answers them (registered with
 * `getService(strapi, 'api::entry.admin-table').provide(…)` from its bootstrap), so the entry domain never calls it.
 */
export interface EntryScores {
  /** The competition's contest of the month asked for (or the latest with entries), and every month with entries. */
  contestFor(month?: string, competition?: string): Promise<{ months: string[]; contest: ContestRow | null }>;
  /** Whether the contest's scores are normalised, and each scored entry's figures. */
  summaries(contest: ContestRow): Promise<{ normalised: boolean; byEntry: Map<number, EntryScoreFigures> }>;
}

/** What judging writes on an entry as its scores come in. */
export type JudgingProgress = { status?: EntryStatus; judgingStartedAt?: string | Date; scoredAt?: string | Date };

/**
 * Calls `removed` with the ids of entries as they are deleted (the admin panel deletes them one by one; a bulk
 * deleteMany too), inside the deleting transaction: what other domains keep about an entry goes with it.
 */
export function onEntriesRemoved(strapi: Core.Strapi, removed: (entryIds: number[]) => Promise<unknown>): void {
  type Event = { result?: { id?: number } | null; params?: { where?: unknown }; state: Record<string, unknown> };
  strapi.db.lifecycles.subscribe({
    models: [ENTRY],
    async afterDelete(event: Event) {
      if (typeof event.result?.id === 'number') await removed([event.result.id]);
    },
    async beforeDeleteMany(event: Event) {
      const rows: { id: number }[] = await strapi.db.query(ENTRY).findMany({ where: event.params?.where as never, select: ['id'] });
      event.state.removedIds = rows.map((row) => row.id);
    },
    async afterDeleteMany(event: Event) {
      const ids = event.state.removedIds as number[] | undefined;
      if (ids?.length) await removed(ids);
    },
  } as never);
}

export function entryRepository(strapi: Core.Strapi) {
  const entries = () => strapi.db.query(ENTRY);
  /** The ids of the contest's entries, as a subquery on the entries → contest link table. */
  const inContest = (contestId: number) => idsLinkedTo(strapi, ENTRY, 'contest', contestId);
  return {
    /** How many entries the contest has (only those with this status, or all but it, when asked). */
    async countInContest(contestId: number, status: { is?: EntryStatus; not?: EntryStatus } = {}): Promise<number> {
      const where: Record<string, unknown> = { id: { $in: inContest(contestId) } };
      if (status.is) where.status = status.is;
      if (status.not) where.status = { $ne: status.not };
      return entries().count({ where });
    },

    /** The ids of the contests that have entries. */
    async contestIdsWithEntries(): Promise<number[]> {
      const link = (
        strapi.db.metadata.get(ENTRY as never).attributes as unknown as Record<string, { joinTable: { name: string; inverseJoinColumn: { name: string } } }>
      ).contest.joinTable;
      return (await strapi.db.connection(link.name).distinct(link.inverseJoinColumn.name)).map(
        (row: Record<string, number>) => row[link.inverseJoinColumn.name],
      );
    },

    /**
     * How many entries the poet has in the contest (all but `except`, an entry id, when given): one join of the two
     * link tables on their indexes. Strapi's count with these relation filters reads every entry (a scan of the
     * entries table: 40 to 100 ms of the request thread on 20,000 entries, twice per entry made). Inside a transaction
     * it runs in it (SQLite's one connection is the transaction's).
     */
    async countOfPoetInContest(poetId: number, contestId: number, except?: number): Promise<number> {
      const poet = linkOf(strapi, ENTRY, 'poet');
      const contest = linkOf(strapi, ENTRY, 'contest');
      const db = await knexOf(strapi);
      const query = db(`${poet.table} as pl`)
        .join(`${contest.table} as cl`, `cl.${contest.own}`, `pl.${poet.own}`)
        .where(`pl.${poet.target}`, poetId)
        .where(`cl.${contest.target}`, contestId);
      if (except !== undefined) query.whereNot(`pl.${poet.own}`, except);
      const [row] = await query.count({ n: '*' });
      return Number(row?.n ?? 0);
    },

    /** How many entries each of these contests has (a contest without entries is left out). */
    async countsInContests(contestIds: readonly number[]): Promise<Map<number, number>> {
      if (contestIds.length === 0) return new Map();
      const link = linkOf(strapi, ENTRY, 'contest');
      const counts = await strapi.db
        .connection(link.table)
        .whereIn(link.target, [...contestIds])
        .groupBy(link.target)
        .select(link.target)
        .count({ n: '*' });
      return new Map(counts.map((row) => [Number((row as Record<string, unknown>)[link.target]), Number(row.n)]));
    },

    /** How many of the contest's entries not yet published are not among `exceptIds` (a subquery of entry ids). */
    async countUnpublishedExcept(contestId: number, exceptIds: Knex.QueryBuilder): Promise<number> {
      return entries().count({ where: { id: { $in: inContest(contestId), $notIn: exceptIds }, status: { $ne: 'published' } } });
    },

    /** The contest's entries in id order, read in one statement (thousands at publication); `db` is its transaction when there is one. */
    async forPublication(contestId: number, db: Knex | Knex.Transaction = strapi.db.connection): Promise<PublishableEntry[]> {
      const contest = linkOf(strapi, ENTRY, 'contest');
      const poet = linkOf(strapi, ENTRY, 'poet');
      const rows = await db(`${tableOf(strapi, ENTRY)} as e`)
        .join(`${contest.table} as cl`, `cl.${contest.own}`, 'e.id')
        .leftJoin(`${poet.table} as pl`, `pl.${poet.own}`, 'e.id')
        .where(`cl.${contest.target}`, contestId)
        .orderBy('e.id')
        .select('e.id', 'e.code', 'e.title', 'e.language', 'e.status', `pl.${poet.target} as poetId`);
      return rows.map((row) => ({
        id: Number(row.id),
        code: String(row.code),
        title: row.title,
        language: row.language,
        status: row.status,
        poetId: row.poetId === null || row.poetId === undefined ? null : Number(row.poetId),
      }));
    },

    /** Marks every entry of the contest published (its results are out), inside the publication's transaction. */
    async markPublished(contestId: number, trx: Knex.Transaction, at: Date): Promise<void> {
      const link = linkOf(strapi, ENTRY, 'contest');
      await trx(tableOf(strapi, ENTRY))
        .whereIn('id', trx(link.table).select(link.own).where(link.target, contestId))
        .update({ status: 'published', [columnOf(strapi, ENTRY, 'resultsPublishedAt')]: at, updated_at: at });
    },

    /** The entries with these codes and their contest's month and competition. */
    async contestsOfCodes(codes: readonly string[]): Promise<{ code: string; contest?: { month: string; competitionSlug: string | null } | null }[]> {
      if (codes.length === 0) return [];
      return entries().findMany({ where: { code: { $in: [...codes] } }, select: ['code'], populate: { contest: { select: ['month', 'competitionSlug'] } } });
    },

    /** The ids of the contest's entries. */
    async idsInContest(contestId: number): Promise<number[]> {
      const rows: { id: number }[] = await entries().findMany({ where: { contest: { id: contestId } }, select: ['id'] });
      return rows.map((row) => row.id);
    },

    /** The contest's entries (only these ids, when given; only those not yet published, when asked), with the poet's id. */
    async inContest<K extends EntryColumn>(
      contestId: number,
      fields: readonly K[],
      only: { ids?: readonly number[]; unpublished?: boolean; inCodeOrder?: boolean } = {},
    ): Promise<EntryWithPoet<K>[]> {
      const and: Record<string, unknown>[] = [{ id: { $in: inContest(contestId) } }];
      if (only.ids) and.push({ id: { $in: [...only.ids] } });
      if (only.unpublished) and.push({ status: { $ne: 'published' } });
      return entries().findMany({
        where: { $and: and },
        select: ['id', ...fields],
        populate: { poet: { select: ['id'] } },
        ...(only.inCodeOrder ? { orderBy: { code: 'asc' } } : {}),
      });
    },

    /** Whether the contest has an entry not yet published: one indexed probe that stops at the first it finds. */
    async hasUnpublished(contestId: number): Promise<boolean> {
      const contest = linkOf(strapi, ENTRY, 'contest');
      const found = await strapi.db
        .connection(`${contest.table} as cl`)
        .join(`${tableOf(strapi, ENTRY)} as e`, 'e.id', `cl.${contest.own}`)
        .where(`cl.${contest.target}`, contestId)
        .whereNot('e.status', 'published')
        .first(strapi.db.connection.raw('1 as found'));
      return Boolean(found);
    },

    /**
     * These entries (`ids`) or all the contest's (`contestId`) with the poet's id, in one statement per 500 ids: the
     * judging queue's rows, without the query engine's second query for the poets and its row hydration.
     */
    async withPoetIds<K extends EntryColumn>(only: { ids: readonly number[] } | { contestId: number }, fields: readonly K[]): Promise<EntryWithPoet<K>[]> {
      const contest = linkOf(strapi, ENTRY, 'contest');
      const poet = linkOf(strapi, ENTRY, 'poet');
      const select = (db: Knex) =>
        db(`${tableOf(strapi, ENTRY)} as e`)
          .leftJoin(`${poet.table} as pl`, `pl.${poet.own}`, 'e.id')
          .select('e.id', `pl.${poet.target} as poetId`, ...fields.map((field) => `e.${columnOf(strapi, ENTRY, field)} as ${field}`));
      const db = strapi.db.connection;
      const rows: Record<string, unknown>[] = [];
      if ('contestId' in only) {
        rows.push(...(await select(db).whereIn('e.id', db(contest.table).select(contest.own).where(contest.target, only.contestId))));
      } else {
        for (let i = 0; i < only.ids.length; i += 500) rows.push(...(await select(db).whereIn('e.id', only.ids.slice(i, i + 500))));
      }
      // SQLite answers a boolean column with 0 or 1; the query engine's rows (and so the answers) say true or false.
      const attributes = strapi.db.metadata.get(ENTRY as never).attributes as Record<string, { type?: string }>;
      const booleans = fields.filter((field) => attributes[field]?.type === 'boolean');
      return rows.map(({ poetId, ...row }) => {
        for (const field of booleans) if (row[field] !== null && row[field] !== undefined) row[field] = Boolean(row[field]);
        return {
          ...(row as Pick<EntryRow, K | 'id'>),
          id: Number(row.id),
          poet: poetId === null || poetId === undefined ? null : { id: Number(poetId) },
        };
      });
    },

    /** These entries with the poet's id. */
    async byIds<K extends EntryColumn>(ids: readonly number[], fields: readonly K[]): Promise<EntryWithPoet<K>[]> {
      if (ids.length === 0) return [];
      return entries().findMany({ where: { id: { $in: [...ids] } }, select: ['id', ...fields], populate: { poet: { select: ['id'] } } });
    },

    /** The entry with this code, its contest and its poet's id populated. */
    async byCode(code: string): Promise<(EntryRow & { contest: ContestRow | null; poet?: { id: number } | null }) | null> {
      return entries().findOne({ where: { code }, populate: { contest: true, poet: { select: ['id'] } } });
    },

    async judgingOf(id: number): Promise<Pick<EntryRow, 'id' | 'status' | 'judgingStartedAt' | 'scoredAt'> | null> {
      return entries().findOne({ where: { id }, select: ['id', 'status', 'judgingStartedAt', 'scoredAt'] });
    },

    /** Records how far the entry's judging got (in_judging, scored). */
    async setJudging(id: number, data: JudgingProgress): Promise<void> {
      await entries().update({ where: { id }, data });
    },

    /** Every entry's id, as a subquery (what other domains keep only while its entry exists). */
    allIds() {
      return strapi.db.connection(strapi.db.metadata.get(ENTRY as never).tableName).select('id');
    },

    /** Holds the entry's row until the transaction ends (a score and the results' publication wait for each other). */
    lock(id: number, trx: unknown): Promise<void> {
      return lockRow(strapi, ENTRY, id, trx);
    },

    /** Ids of the users with at least one entry in the month's contests. */
    async entrantIds(month: string): Promise<number[]> {
      const rows = await entries().findMany({
        where: { contest: { month }, poet: { id: { $notNull: true } } },
        select: ['id'],
        populate: { poet: { select: ['id'] } },
      });
      return [...new Set(rows.map((entry: { poet?: { id: number } | null }) => entry.poet?.id).filter((id): id is number => typeof id === 'number'))];
    },

    /** Each entry of these users: its poet's id and its contest's month. */
    async monthsOfPoets(userIds: readonly number[]): Promise<{ poetId: number; month: string | null }[]> {
      if (userIds.length === 0) return [];
      const rows: { poet?: { id: number } | null; contest?: { month: string } | null }[] = await entries().findMany({
        where: { poet: { id: { $in: [...userIds] } } },
        select: ['id'],
        populate: { poet: { select: ['id'] }, contest: { select: ['month'] } },
      });
      return rows.flatMap((row) => (row.poet ? [{ poetId: row.poet.id, month: row.contest?.month ?? null }] : []));
    },
  };
}
