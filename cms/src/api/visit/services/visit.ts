import type { Core } from '@strapi/strapi';
import type { VisitDevice, VisitSummary, VisitUserType } from '@writory/shared';
import { ApiError, forbidden, unauthorized, validationError } from '../../../lib/api-error';
import type { UserRow } from '../../user/services/user';
import { ANONYMOUS_ID, type DayRange, type TrackVisitInput } from '../validation/visit';
import { QueueFullError, WriteQueue } from '../../../lib/write-queue';

const VISIT = 'api::visit.visit';
const USER = 'plugin::users-permissions.user';
const ACTIVE_WINDOW_MS = 5 * 60_000;
const TOP_PAGES = 10;
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

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** YYYY-MM-DD of an instant in a time zone. */
export function dayOf(instant: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(instant);
}

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += 86_400_000) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days;
}

const isAdminPage = (path: string) => /^\/admin(-|\/|$)/.test(path);

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const env = process.env;
  const queue = new WriteQueue<VisitRow>({
    insert: async (rows) => {
      await strapi.db.query(VISIT).createMany({ data: rows });
    },
    flushEveryMs: Number(env.VISIT_FLUSH_MS ?? 1000),
    flushAtRows: Number(env.VISIT_FLUSH_ROWS ?? 500),
    maxRows: Number(env.VISIT_QUEUE_MAX ?? 50_000),
    onError: (error, waiting) => strapi.log.warn(`visits: bulk insert failed, ${waiting} waiting, retrying: ${(error as Error).message}`),
  });

  let timeZone: { at: number; value: Promise<string> } | null = null;
  function contestTimeZone(): Promise<string> {
    if (!timeZone || Date.now() - timeZone.at > TIME_ZONE_TTL_MS) {
      const value = strapi
        .service('api::site-setting.site-setting')
        .contestSettings()
        .then((settings: { contestTimeZone: string }) => settings.contestTimeZone);
      timeZone = { at: Date.now(), value };
      value.catch(() => (timeZone = null));
    }
    return timeZone.value;
  }

  const table = () => {
    const meta = strapi.db.metadata.get(VISIT) as unknown as { tableName: string; attributes: Record<string, { columnName?: string }> };
    const column = (attribute: string) => `${meta.tableName}.${meta.attributes[attribute].columnName ?? attribute}`;
    return {
      name: meta.tableName,
      id: `${meta.tableName}.id`,
      visitorId: column('visitorId'),
      userType: column('userType'),
      userId: column('userId'),
      page: column('page'),
      device: column('device'),
      day: column('day'),
      visitedAt: column('visitedAt'),
    };
  };
  const knex = () => strapi.db.connection;

  return {
    /**
     * Queues one page view. A logged-in visit must come with that user's token (ctx.state.user); an anonymous one
     * carries the browser's random id and is never about an admin page.
     */
    async accept(input: TrackVisitInput, user: UserRow | null): Promise<void> {
      let row: Pick<VisitRow, 'visitorId' | 'userId'>;
      if (input.userType === 'logged-in') {
        if (!user) throw unauthorized('A logged-in visit needs the visitor’s ID token (Authorization: Bearer …).');
        if (input.userID !== user.firebaseUid) throw forbidden('userID does not match the signed-in user.');
        row = { visitorId: user.firebaseUid, userId: user.id };
      } else {
        if (!ANONYMOUS_ID.test(input.userID)) {
          throw validationError([{ path: ['userID'], message: 'userID: an anonymous id must be 8 to 128 letters, digits, - or _.' }]);
        }
        if (isAdminPage(input.pageVisited)) {
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
        if (error instanceof QueueFullError) throw new ApiError(503, 'Visits are not being stored right now; try again later.', {}, 'ServiceUnavailableError');
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

    /** The dashboard: every figure is aggregated by the database over the range's days. */
    async summary({ from, to }: DayRange): Promise<VisitSummary> {
      const t = table();
      const db = knex();
      const inRange = () => db(t.name).whereBetween(t.day, [from, to]);
      const [perDay, totals, pages, split, active] = await Promise.all([
        inRange().select({ day: t.day }).count({ hits: '*' }).countDistinct({ uniques: t.visitorId }).groupBy(t.day),
        inRange().count({ hits: '*' }).countDistinct({ uniques: t.visitorId }).first(),
        inRange().select({ path: t.page }).count({ hits: '*' }).groupBy(t.page).orderBy([{ column: 'hits', order: 'desc' }, { column: 'path' }]).limit(TOP_PAGES),
        inRange().select({ device: t.device, kind: t.userType }).count({ hits: '*' }).groupBy(t.device, t.userType),
        db(t.name).where(t.visitedAt, '>=', new Date(Date.now() - ACTIVE_WINDOW_MS)).countDistinct({ visitors: t.visitorId }).first(),
      ]);
      const byDay = new Map(perDay.map((row: any) => [String(row.day), row]));
      const devices: Record<VisitDevice, number> = { mobile: 0, desktop: 0 };
      const userTypes: Record<VisitUserType, number> = { 'logged-in': 0, anonymous: 0 };
      for (const row of split as any[]) {
        if (row.device in devices) devices[row.device as VisitDevice] += Number(row.hits);
        if (row.kind in userTypes) userTypes[row.kind as VisitUserType] += Number(row.hits);
      }
      return {
        from,
        to,
        timeZone: await contestTimeZone(),
        totals: { visits: Number(totals?.hits ?? 0), uniqueVisitors: Number(totals?.uniques ?? 0) },
        days: daysBetween(from, to).map((day) => {
          const row: any = byDay.get(day);
          return { day, visits: Number(row?.hits ?? 0), uniqueVisitors: Number(row?.uniques ?? 0) };
        }),
        topPages: (pages as any[]).map((row) => ({ page: String(row.path), visits: Number(row.hits) })),
        devices,
        userTypes,
        activeNow: Number((active as any)?.visitors ?? 0),
        generatedAt: new Date().toISOString(),
      };
    },

    /** Today in the contest time zone (the dashboard's default range ends there). */
    async today(): Promise<string> {
      return dayOf(new Date(), await contestTimeZone());
    },

    /** Every visit of the range in the order they came, a page at a time, with the account's email and name. */
    async *exportRows({ from, to }: DayRange): AsyncGenerator<(string | null)[][]> {
      const t = table();
      const users = strapi.db.metadata.get(USER) as unknown as { tableName: string };
      let lastId = 0;
      for (;;) {
        const rows: any[] = await knex()(t.name)
          .leftJoin(users.tableName, `${users.tableName}.id`, t.userId)
          .select({
            id: t.id,
            visitorId: t.visitorId,
            userType: t.userType,
            page: t.page,
            visitedAt: t.visitedAt,
            email: `${users.tableName}.email`,
            username: `${users.tableName}.name`,
            device: t.device,
          })
          .whereBetween(t.day, [from, to])
          .andWhere(t.id, '>', lastId)
          .orderBy(t.id)
          .limit(EXPORT_PAGE);
        if (rows.length === 0) return;
        lastId = rows[rows.length - 1].id;
        yield rows.map((row) => [
          row.visitorId,
          row.userType,
          row.page,
          new Date(row.visitedAt).toISOString(),
          row.email ?? null,
          row.username ?? null,
          row.device,
        ]);
        if (rows.length < EXPORT_PAGE) return;
      }
    },
  };
};

export const VISIT_CSV_HEADER = ['userID', 'userType', 'pageVisited', 'timestamp', 'email', 'username', 'device'];
