import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { DEFAULT_COMPETITION, type CsvRowError, type LeaderboardPage, type LeaderboardPreview } from '@writory/shared';
import { ApiError } from '../../../lib/api-error';
import { bulkInsert, tableOf } from '../../../lib/bulk';
import { importKey, parseLeaderboardCsv } from '../lib/csv-import';
import { getService } from '../../../services';
import { rankByScore } from '../../result/lib/ranking';
import { roundScore } from '../../result/lib/results-csv';
import { resultRepository } from '../../result/repository';
import { LEADERBOARD_MONTH, LEADERBOARD_TOTAL } from '../repository';
import { userRepository } from '../../user/repository';
import { msg, say } from '../../../lib/messages';

const MONTH = LEADERBOARD_MONTH;
const TOTAL = LEADERBOARD_TOTAL;

export interface MonthPoints {
  poetKey: string;
  poetId: number | null;
  poetName: string;
  points: number;
  entries: number;
  source: 'results' | 'import';
}

/** Lower-cased for search in any script (SQLite's LIKE only folds ASCII). */
export const searchNameOf = (name: string) => name.normalize('NFKC').toLocaleLowerCase('und');
export const userKey = (userId: number) => `user:${userId}`;
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Points: in each month a poet earns the score of their best published entry (out of 100); all-time points add
 * up the months. Imported history adds months from before Writory. Ties share a rank.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const knex = () => strapi.db.connection;

  /** Replaces a competition's month rows with `rows`, ranked. */
  async function writeMonth(trx: Knex.Transaction, competition: string, month: string, rows: MonthPoints[]) {
    await trx(tableOf(strapi, MONTH)).where({ competition_slug: competition, month }).delete();
    await bulkInsert(
      strapi,
      trx,
      MONTH,
      rankByScore(rows, (row) => row.points).map(({ item, rank }) => ({
        competitionSlug: competition,
        month,
        ...item,
        points: roundScore(item.points),
        searchName: searchNameOf(item.poetName),
        rank,
      })),
    );
  }

  /** Rebuilds a competition's all-time table from its monthly rows (one aggregate query, one bulk insert). */
  async function recomputeTotals(trx: Knex.Transaction, competition: string) {
    const months = tableOf(strapi, MONTH);
    const sums = await trx
      .from(
        trx(months)
          .where('competition_slug', competition)
          .select('poet_key')
          .sum({ points: 'points' })
          .count({ months: '*' })
          .max({ last: 'month' })
          .groupBy('poet_key')
          .as('t'),
      )
      .join(`${months} as m`, function joinLatest() {
        this.on('m.poet_key', '=', 't.poet_key').andOn('m.month', '=', 't.last').andOnVal('m.competition_slug', '=', competition);
      })
      .select('t.poet_key as poetKey', 't.points as points', 't.months as months', 'm.poet_name as poetName');
    await trx(tableOf(strapi, TOTAL)).where({ competition_slug: competition }).delete();
    await bulkInsert(
      strapi,
      trx,
      TOTAL,
      rankByScore(sums, (row) => Number(row.points)).map(({ item, rank }) => ({
        competitionSlug: competition,
        poetKey: item.poetKey,
        poetName: item.poetName,
        searchName: searchNameOf(item.poetName),
        points: roundScore(Number(item.points)),
        months: Number(item.months),
        rank,
      })),
    );
  }

  async function existingRows(trx: Knex | Knex.Transaction, competition: string, month: string): Promise<MonthPoints[]> {
    const rows = await trx(tableOf(strapi, MONTH))
      .where({ competition_slug: competition, month })
      .select('poet_key as poetKey', 'poet_id as poetId', 'poet_name as poetName', 'points', 'entries', 'source');
    return rows.map((row) => ({ ...row, points: Number(row.points), entries: Number(row.entries) }));
  }

  /** Each import row checked, linked to an account by email, and whether it replaces an earlier import. */
  async function checkImport(text: string, competition: string, db: Knex | Knex.Transaction = knex()) {
    const { rows, errors } = parseLeaderboardCsv(text);
    const published = await resultRepository(strapi).publishedMonths(competition);
    const emails = [...new Set(rows.map((row) => row.email).filter((email): email is string => Boolean(email)))];
    const users = await userRepository(strapi).byEmails(emails, ['email']);
    const userOf = new Map(users.flatMap((user) => (user.email ? [[user.email.toLowerCase(), user.id] as const] : [])));
    const months = [...new Set(rows.map((row) => row.month))];
    const imported = new Set(
      months.length
        ? (
            await db(tableOf(strapi, MONTH)).whereIn('month', months).where({ competition_slug: competition, source: 'import' }).select('month', 'poet_key')
          ).map((r) => `${r.month} ${r.poet_key}`)
        : [],
    );
    const accepted: (MonthPoints & { row: number; month: string; email: string | null; replaces: boolean })[] = [];
    const problems: CsvRowError[] = [...errors];
    for (const row of rows) {
      if (published.has(row.month)) {
        problems.push({ row: row.row, column: 'month', message: `the ${row.month} results were published on Writory; that month's points come from them` });
        continue;
      }
      const userId = row.email ? (userOf.get(row.email) ?? null) : null;
      const poetKey = userId ? userKey(userId) : importKey(row);
      accepted.push({
        row: row.row,
        month: row.month,
        email: row.email,
        poetKey,
        poetId: userId,
        poetName: row.name,
        points: row.points,
        entries: 0,
        source: 'import',
        replaces: imported.has(`${row.month} ${poetKey}`),
      });
    }
    problems.sort((a, b) => a.row - b.row);
    return { accepted, errors: problems };
  }

  return {
    searchNameOf,

    /**
     * Adds a competition's month of published results (inside the publication's transaction) and refreshes that
     * competition's totals: every competition has its own leaderboard.
     */
    async recordResults(competition: string, month: string, poets: { poetId: number; poetName: string; points: number; entries: number }[]) {
      await strapi.db.transaction(async ({ trx }) => {
        const results: MonthPoints[] = poets.map((p) => ({ ...p, poetKey: userKey(p.poetId), source: 'results' }));
        const keys = new Set(results.map((r) => r.poetKey));
        const kept = (await existingRows(trx, competition, month)).filter((row) => row.source === 'import' && !keys.has(row.poetKey));
        await writeMonth(trx, competition, month, [...results, ...kept]);
        await recomputeTotals(trx, competition);
      });
    },

    async previewImport(fileName: string, text: string, competition: string = DEFAULT_COMPETITION): Promise<LeaderboardPreview> {
      const { accepted, errors } = await checkImport(text, competition);
      return {
        fileName,
        rows: accepted.map(({ row, month, poetName, email, points, replaces }) => ({ row, month, name: poetName, email, points, replaces })),
        errors,
        ready: errors.length === 0 && accepted.length > 0,
      };
    },

    /** Stores every row of a clean file in one transaction (rows for the same month and poet are replaced). */
    async commitImport(text: string, competition: string = DEFAULT_COMPETITION): Promise<{ imported: number; months: string[] }> {
      return strapi.db.transaction(async ({ trx }) => {
        const { accepted, errors } = await checkImport(text, competition, trx);
        if (errors.length || !accepted.length) {
          const first = errors
            .slice(0, 5)
            .map((e) => say(msg('leaderboard.row', { row: e.row, message: e.message })))
            .join('; ');
          throw new ApiError(
            422,
            errors.length ? msg('leaderboard.nothingImported', { problems: first }) : msg('leaderboard.noRows'),
            { errors },
            'ValidationError',
          );
        }
        const months = [...new Set(accepted.map((row) => row.month))].sort();
        for (const month of months) {
          const incoming = accepted.filter((row) => row.month === month);
          const keys = new Set(incoming.map((row) => row.poetKey));
          const kept = (await existingRows(trx, competition, month)).filter((row) => !keys.has(row.poetKey));
          await writeMonth(trx, competition, month, [
            ...kept,
            ...incoming.map(({ poetKey, poetId, poetName, points, entries, source }) => ({ poetKey, poetId, poetName, points, entries, source })),
          ]);
        }
        await recomputeTotals(trx, competition);
        return { imported: accepted.length, months };
      });
    },

    /** A page of a competition's all-time (`view` = "all") or one month's ranking, optionally searched by name. */
    async page({
      competition = DEFAULT_COMPETITION,
      view,
      page,
      pageSize,
      q,
    }: {
      competition?: string;
      view: string;
      page: number;
      pageSize: number;
      q: string;
    }): Promise<LeaderboardPage> {
      const allTime = view === 'all';
      const table = tableOf(strapi, allTime ? TOTAL : MONTH);
      const query = knex()(table).where({ competition_slug: competition });
      if (!allTime) query.where({ month: view });
      if (q) query.whereRaw("search_name like ? escape '\\'", [`%${escapeLike(searchNameOf(q))}%`]);
      const [{ n }] = await query.clone().count({ n: '*' });
      const rows = await query
        .orderBy([{ column: 'rank' }, { column: 'search_name' }, { column: 'id' }])
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .select('rank', 'poet_name as poetName', 'points', allTime ? 'months as count' : 'entries as count');
      const months = (await knex()(tableOf(strapi, MONTH)).where({ competition_slug: competition }).distinct('month').orderBy('month', 'desc')).map(
        (row) => row.month as string,
      );
      const total = Number(n);
      const ref = (await getService(strapi, 'api::competition.competition').refs([competition])).get(competition);
      return {
        competition: ref ?? { slug: competition, name: competition },
        view,
        q,
        rows: rows.map((row) => ({ rank: Number(row.rank), poetName: row.poetName, points: Number(row.points), count: Number(row.count) })),
        pagination: { page, pageSize, total, pageCount: Math.max(1, Math.ceil(total / pageSize)) },
        months,
      };
    },
  };
};
