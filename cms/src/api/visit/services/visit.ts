import type { Core } from '@strapi/strapi';
import { isAdminPath, type VisitDevice, type VisitSummary, type VisitUserType } from '@writory/shared';
import { ApiError, forbidden, unauthorized, validationError } from '../../../lib/api-error';
import { userRepository, type UserRow } from '../../user/repository';
import { dayOf } from '../lib/day';

import { ANONYMOUS_ID, type DayRange, type TrackVisitInput } from '../validation/visit';
import { QueueFullError, WriteQueue } from '../../../lib/write-queue';
import { getService } from '../../../services';
import { msg } from '../../../lib/messages';

const VISIT = 'api::visit.visit';
const VISIT_DAY = 'api::visit.visit-day';
const VISITOR_DAY = 'api::visit.visitor-day';
/** Rows per INSERT statement (SQLite allows at most 500 in one compound insert). */
const INSERT_CHUNK = 500;
const ACTIVE_WINDOW_MS = 5 * 60_000;
const TOP_PAGES = 10;
const DEFAULT_RANGE_DAYS = 30;
const EXPORT_PAGE = 2000;
const TIME_ZONE_TTL_MS = 30_000;

/** What one accepted visit stores: no IP address, no email (a logged-in visit links its user instead). */
export interface VisitRow {
  visitorId: string;
  userType: VisitUserType;
  userId: number | null;
  page: string;
  device: VisitDevice;
  day: string;
  visitedAt: Date;
}

/** The day `days` days before `day`. */
export const daysBefore = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += 86_400_000) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days;
}

interface TableOf {
  name: string;
  column(attribute: string): string;
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const env = process.env;
  const knex = () => strapi.db.connection;
  const tableOf = (uid: string): TableOf => {
    const meta = strapi.db.metadata.get(uid as any) as unknown as { tableName: string; attributes: Record<string, { columnName?: string }> };
    return { name: meta.tableName, column: (attribute) => meta.attributes[attribute]?.columnName ?? attribute };
  };

  /**
   * Stores visits and their roll-ups in one transaction: the raw rows (export, active visitors), visits per
   * day × page × device × kind (incremented), and each day's distinct visitors (inserted once). The dashboard
   * reads the roll-ups, so its cost follows days and pages, not the number of visits.
   */
  async function store(rows: VisitRow[]): Promise<void> {
    if (rows.length === 0) return;
    const [visit, perDay, visitorDay] = [tableOf(VISIT), tableOf(VISIT_DAY), tableOf(VISITOR_DAY)];
    const counts = new Map<string, { day: string; page: string; device: string; userType: string; visits: number }>();
    const visitors = new Map<string, { day: string; visitorId: string }>();
    for (const row of rows) {
      const key = JSON.stringify([row.day, row.page, row.device, row.userType]);
      const count = counts.get(key);
      if (count) count.visits += 1;
      else counts.set(key, { day: row.day, page: row.page, device: row.device, userType: row.userType, visits: 1 });
      visitors.set(JSON.stringify([row.day, row.visitorId]), { day: row.day, visitorId: row.visitorId });
    }
    const columns = (table: TableOf, record: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(record).map(([attribute, value]) => [table.column(attribute), value]));
    await strapi.db.transaction(async ({ trx }) => {
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
        await trx(visit.name).insert(rows.slice(i, i + INSERT_CHUNK).map((row) => columns(visit, { ...row })));
      }
      const visitsColumn = perDay.column('visits');
      const dayKeys = ['day', 'page', 'device', 'userType'].map(perDay.column);
      const dayRows = [...counts.values()].map((count) => columns(perDay, count));
      for (let i = 0; i < dayRows.length; i += INSERT_CHUNK) {
        await trx(perDay.name)
          .insert(dayRows.slice(i, i + INSERT_CHUNK))
          .onConflict(dayKeys)
          .merge({ [visitsColumn]: trx.raw('?? + ??', [`${perDay.name}.${visitsColumn}`, `excluded.${visitsColumn}`]) });
      }
      const visitorRows = [...visitors.values()].map((pair) => columns(visitorDay, pair));
      for (let i = 0; i < visitorRows.length; i += INSERT_CHUNK) {
        await trx(visitorDay.name)
          .insert(visitorRows.slice(i, i + INSERT_CHUNK))
          .onConflict([visitorDay.column('day'), visitorDay.column('visitorId')])
          .ignore();
      }
    });
  }

  const queue = new WriteQueue<VisitRow>({
    insert: store,
    flushEveryMs: Number(env.VISIT_FLUSH_MS ?? 1000),
    flushAtRows: Number(env.VISIT_FLUSH_ROWS ?? 500),
    maxRows: Number(env.VISIT_QUEUE_MAX ?? 50_000),
    onError: (error, waiting) => strapi.log.warn(`visits: bulk insert failed, ${waiting} waiting, retrying: ${(error as Error).message}`),
  });

  let timeZone: { at: number; value: Promise<string> } | null = null;
  function contestTimeZone(): Promise<string> {
    if (!timeZone || Date.now() - timeZone.at > TIME_ZONE_TTL_MS) {
      const value = getService(strapi, 'api::site-setting.site-setting')
        .contestSettings()
        .then((settings: { contestTimeZone: string }) => settings.contestTimeZone);
      timeZone = { at: Date.now(), value };
      value.catch(() => (timeZone = null));
    }
    return timeZone.value;
  }

  return {
    /**
     * Queues one page view. A logged-in visit must come with that user's token (ctx.state.user); an anonymous one
     * carries the browser's random id and is never about an admin page.
     */
    async accept(input: TrackVisitInput, user: UserRow | null): Promise<void> {
      let row: Pick<VisitRow, 'visitorId' | 'userId'>;
      if (input.userType === 'logged-in') {
        if (!user) throw unauthorized(msg('visit.needsToken'));
        if (input.userID !== user.firebaseUid) throw forbidden(msg('visit.otherUser'));
        row = { visitorId: user.firebaseUid, userId: user.id };
      } else {
        if (!ANONYMOUS_ID.test(input.userID)) {
          throw validationError([{ path: ['userID'], message: 'userID: an anonymous id must be 8 to 128 letters, digits, - or _.' }]);
        }
        if (isAdminPath(input.pageVisited)) {
          throw validationError([{ path: ['pageVisited'], message: 'pageVisited: admin pages are only tracked for signed-in visitors.' }]);
        }
        row = { visitorId: input.userID, userId: null };
      }
      const visitedAt = new Date();
      try {
        await queue.push({
          ...row,
          userType: input.userType,
          page: input.pageVisited,
          device: input.device,
          day: dayOf(visitedAt, await contestTimeZone()),
          visitedAt,
        });
      } catch (error) {
        if (error instanceof QueueFullError) throw new ApiError(503, msg('visit.notStored'), {}, 'ServiceUnavailableError');
        throw error;
      }
    },

    /** Writes what is waiting (tests and shutdown). */
    flush: () => queue.flush(),

    /** At shutdown: stores every accepted visit it can; later ones are written one by one. */
    async close() {
      const lost = await queue.close();
      if (lost > 0) strapi.log.error(`visits: ${lost} accepted visits could not be stored at shutdown`);
    },

    waiting: () => queue.waiting,

    /** Writes visits now, without the queue (demo data, tests, imports). */
    store,

    /** The dashboard: every figure is aggregated by the database from the roll-ups of the range's days. */
    async summary({ from, to }: DayRange): Promise<VisitSummary> {
      const db = knex();
      const [visit, perDay, visitorDay] = [tableOf(VISIT), tableOf(VISIT_DAY), tableOf(VISITOR_DAY)];
      const col = (table: TableOf, attribute: string) => `${table.name}.${table.column(attribute)}`;
      const days = () => db(perDay.name).whereBetween(col(perDay, 'day'), [from, to]);
      const visitorDays = () => db(visitorDay.name).whereBetween(col(visitorDay, 'day'), [from, to]);
      const [visitsPerDay, visitorsPerDay, uniques, pages, split, active] = await Promise.all([
        days()
          .select({ day: col(perDay, 'day') })
          .sum({ hits: col(perDay, 'visits') })
          .groupBy(col(perDay, 'day')),
        visitorDays()
          .select({ day: col(visitorDay, 'day') })
          .count({ uniques: '*' })
          .groupBy(col(visitorDay, 'day')),
        visitorDays()
          .countDistinct({ uniques: col(visitorDay, 'visitorId') })
          .first(),
        days()
          .select({ path: col(perDay, 'page') })
          .sum({ hits: col(perDay, 'visits') })
          .groupBy(col(perDay, 'page'))
          .orderBy([{ column: 'hits', order: 'desc' }, { column: 'path' }])
          .limit(TOP_PAGES),
        days()
          .select({ device: col(perDay, 'device'), kind: col(perDay, 'userType') })
          .sum({ hits: col(perDay, 'visits') })
          .groupBy(col(perDay, 'device'), col(perDay, 'userType')),
        db(visit.name)
          .where(col(visit, 'visitedAt'), '>=', new Date(Date.now() - ACTIVE_WINDOW_MS))
          .countDistinct({ visitors: col(visit, 'visitorId') })
          .first(),
      ]);
      const hitsOn = new Map((visitsPerDay as any[]).map((row) => [String(row.day), Number(row.hits)]));
      const uniquesOn = new Map((visitorsPerDay as any[]).map((row) => [String(row.day), Number(row.uniques)]));
      const devices: Record<VisitDevice, number> = { mobile: 0, desktop: 0 };
      const userTypes: Record<VisitUserType, number> = { 'logged-in': 0, anonymous: 0 };
      for (const row of split as any[]) {
        if (row.device in devices) devices[row.device as VisitDevice] += Number(row.hits);
        if (row.kind in userTypes) userTypes[row.kind as VisitUserType] += Number(row.hits);
      }
      const dayList = daysBetween(from, to).map((day) => ({ day, visits: hitsOn.get(day) ?? 0, uniqueVisitors: uniquesOn.get(day) ?? 0 }));
      return {
        from,
        to,
        timeZone: await contestTimeZone(),
        totals: { visits: dayList.reduce((sum, day) => sum + day.visits, 0), uniqueVisitors: Number((uniques as any)?.uniques ?? 0) },
        days: dayList,
        topPages: (pages as any[]).map((row) => ({ page: String(row.path), visits: Number(row.hits) })),
        devices,
        userTypes,
        activeNow: Number((active as any)?.visitors ?? 0),
        generatedAt: new Date().toISOString(),
      };
    },

    /** The last 30 days, up to today in the contest time zone. */
    async defaultRange(): Promise<DayRange> {
      const to = dayOf(new Date(), await contestTimeZone());
      return { from: daysBefore(to, DEFAULT_RANGE_DAYS - 1), to };
    },

    /** Every visit of the range, day by day in the order they came, with the account's email and name. */
    async *exportRows({ from, to }: DayRange): AsyncGenerator<(string | null)[][]> {
      const visit = tableOf(VISIT);
      const col = (table: TableOf, attribute: string) => `${table.name}.${table.column(attribute)}`;
      // Keyset pagination on (day, id), which the visits_day_id index serves in order.
      let after: [string, number] = [from, 0];
      for (;;) {
        const rows: any[] = await knex()(visit.name)
          .select({
            id: `${visit.name}.id`,
            day: col(visit, 'day'),
            visitorId: col(visit, 'visitorId'),
            userType: col(visit, 'userType'),
            page: col(visit, 'page'),
            visitedAt: col(visit, 'visitedAt'),
            userId: col(visit, 'userId'),
            device: col(visit, 'device'),
          })
          .whereRaw('(??, ??) > (?, ?)', [col(visit, 'day'), `${visit.name}.id`, ...after])
          .andWhere(col(visit, 'day'), '<=', to)
          .orderBy([{ column: col(visit, 'day') }, { column: `${visit.name}.id` }])
          .limit(EXPORT_PAGE);
        if (rows.length === 0) return;
        const last = rows[rows.length - 1];
        after = [String(last.day), Number(last.id)];
        const accountIds = [...new Set(rows.filter((row) => row.userId != null).map((row) => Number(row.userId)))];
        const accounts = new Map((await userRepository(strapi).byIds(accountIds, ['email', 'name'])).map((person) => [person.id, person]));
        yield rows.map((row) => [
          row.visitorId,
          row.userType,
          row.page,
          new Date(row.visitedAt).toISOString(),
          (row.userId == null ? null : accounts.get(Number(row.userId))?.email) ?? null,
          (row.userId == null ? null : accounts.get(Number(row.userId))?.name) ?? null,
          row.device,
        ]);
        if (rows.length < EXPORT_PAGE) return;
      }
    },
  };
};

export const VISIT_CSV_HEADER = ['userID', 'userType', 'pageVisited', 'timestamp', 'email', 'username', 'device'];
