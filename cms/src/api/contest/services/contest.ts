import { factories, type Core } from '@strapi/strapi';
import { DEFAULT_COMPETITION, type AdminContest, type AdminContests, type AdminContestUpdate, type CurrentContest } from '@writory/shared';
import { ApiError } from '../../../lib/api-error';
import { addMonths, DEFAULT_CONTEST_TIME_ZONE, isTimeZone, monthOf, monthWindow } from '../../../lib/contest-calendar';
import { isUniqueViolation } from '../../../lib/db';
import { getService } from '../../../services';
import { CONTEST, isOpen, toContestInfo, type ContestListener, type ContestRow } from '../repository';
import { msg } from '../../../lib/messages';

const ADMIN_LIST_MONTHS = 24;

const iso = (value: string | Date) => new Date(value).toISOString();

export { isOpen, toContestInfo, type ContestRow };

export default factories.createCoreService(CONTEST, ({ strapi }: { strapi: Core.Strapi }) => {
  const contests = () => strapi.db.query(CONTEST);
  /** The domains that act for contests (see ContestListener). */
  const listeners: ContestListener[] = [];
  const settings = () => getService(strapi, 'api::site-setting.site-setting').contestSettings();

  /** The contest time zone from the settings, or the default when the setting is not a real zone. */
  async function timeZone(): Promise<string> {
    const { contestTimeZone } = await settings();
    return isTimeZone(contestTimeZone) ? contestTimeZone : DEFAULT_CONTEST_TIME_ZONE;
  }

  /**
   * The contest of a competition's month, created with the calendar dates if it does not exist yet. Safe to
   * call from every instance at once: the unique index on (competition, month) lets one insert win and the
   * others read it. `competition` is a slug; poetry unless named.
   */
  async function ensureMonth(month: string, zone?: string, competition: string = DEFAULT_COMPETITION): Promise<ContestRow> {
    const where = { month, competitionSlug: competition };
    const existing = await contests().findOne({ where });
    if (existing) return existing;
    const owner = await getService(strapi, 'api::competition.competition').require(competition);
    const window = monthWindow(month, zone ?? (await timeZone()));
    try {
      return await contests().create({ data: { ...window, datesOverridden: false, competition: owner.id, competitionSlug: competition } });
    } catch (error) {
      const winner = await contests().findOne({ where });
      if (winner && isUniqueViolation(error)) return winner;
      throw error;
    }
  }

  /** The competition's contest open at `now` (the latest to open, should overrides make two overlap), or null. */
  async function openAt(now: Date = new Date(), competition: string = DEFAULT_COMPETITION): Promise<ContestRow | null> {
    await ensureMonth(monthOf(now, await timeZone()), undefined, competition);
    return contests().findOne({ where: { competitionSlug: competition, opensAt: { $lte: now }, closesAt: { $gt: now } }, orderBy: { opensAt: 'desc' } });
  }

  /**
   * The competition's next contest to open after `now`. Next month's is made first, so a later month an admin set up
   * before the calendar made next month is never named as the next one.
   */
  async function nextAfter(now: Date, competition: string = DEFAULT_COMPETITION): Promise<ContestRow> {
    const zone = await timeZone();
    const following = await ensureMonth(addMonths(monthOf(now, zone)), zone, competition);
    const first = await contests().findOne({ where: { competitionSlug: competition, opensAt: { $gt: now } }, orderBy: { opensAt: 'asc' } });
    return first ?? following;
  }

  function validDates(dates: Pick<ContestRow, 'opensAt' | 'closesAt' | 'resultsAt'>) {
    const [opens, closes, results] = [dates.opensAt, dates.closesAt, dates.resultsAt].map((value) => new Date(value).getTime());
    if (!(opens < closes)) throw new ApiError(422, msg('contest.opensBeforeCloses'), { field: 'closesAt' }, 'ValidationError');
    if (!(closes <= results)) throw new ApiError(422, msg('contest.resultsAfterClose'), { field: 'resultsAt' }, 'ValidationError');
  }

  async function entriesIn(contestId: number): Promise<number> {
    let count = 0;
    for (const listener of listeners) count += (await listener.countEntries?.(contestId)) ?? 0;
    return count;
  }

  async function toAdminContest(row: ContestRow): Promise<AdminContest> {
    return {
      ...toContestInfo(row),
      datesOverridden: row.datesOverridden === true,
      normaliseScores: row.normaliseScores ?? null,
      entries: await entriesIn(row.id),
    };
  }

  return {
    /** Registers what another domain does for contests (see ContestListener). */
    listen(listener: ContestListener): void {
      listeners.push(listener);
    },

    timeZone,
    ensureMonth,
    openAt,

    nextAfter,

    async findByMonth(month: string, competition: string = DEFAULT_COMPETITION): Promise<ContestRow | null> {
      return contests().findOne({ where: { month, competitionSlug: competition } });
    },

    /** GET /api/contests/current?competition= */
    async currentAndNext(now: Date = new Date(), competition: string = DEFAULT_COMPETITION): Promise<CurrentContest> {
      const current = await openAt(now, competition);
      const next = await nextAfter(now, competition);
      return { timeZone: await timeZone(), now: now.toISOString(), current: current ? toContestInfo(current) : null, next: toContestInfo(next) };
    },

    /** Whether scores of this contest are normalised per judge: its own switch, else the site setting. */
    async normalises(row: Pick<ContestRow, 'normaliseScores'>): Promise<boolean> {
      return row.normaliseScores ?? (await settings()).normaliseScores;
    },

    /**
     * The cron task (every instance runs it; each step is idempotent): this month's and next month's contests
     * of every active competition exist, contests on calendar dates follow a changed time zone until their results day, entries of
     * closed contests move to judging and get their judges, and admins hear of languages with too few judges.
     */
    async runCalendar(now: Date = new Date()): Promise<void> {
      const zone = await timeZone();
      const month = monthOf(now, zone);
      for (const { slug } of await getService(strapi, 'api::competition.competition').active()) {
        await ensureMonth(month, zone, slug);
        await ensureMonth(addMonths(month), zone, slug);
      }
      const onCalendar: ContestRow[] = await contests().findMany({ where: { datesOverridden: { $ne: true }, resultsAt: { $gt: now } } });
      for (const row of onCalendar) {
        const window = monthWindow(row.month, zone);
        const moved = (['opensAt', 'closesAt', 'resultsAt'] as const).some((key) => iso(row[key]) !== window[key].toISOString());
        if (moved)
          await contests().update({ where: { id: row.id }, data: { opensAt: window.opensAt, closesAt: window.closesAt, resultsAt: window.resultsAt } });
      }
      const closed: ContestRow[] = await contests().findMany({ where: { closesAt: { $lte: now }, resultsAt: { $gt: addDays(now, -60) } }, select: ['id'] });
      // The entry domain moves their entries to judging; the score domain assigns judges when a window closes, not
      // on a judge's first read (issue 37), by language, and warns of languages too few judges read.
      for (const listener of listeners) await listener.closed?.(closed, now);
      for (const listener of listeners) await listener.calendarRan?.(now);
    },

    /** GET /api/admin/contests?competition=: the competition's recent and coming months (this month and the next always exist). */
    async adminList(now: Date = new Date(), competition: string = DEFAULT_COMPETITION): Promise<AdminContests> {
      const zone = await timeZone();
      const month = monthOf(now, zone);
      await ensureMonth(month, zone, competition);
      await ensureMonth(addMonths(month), zone, competition);
      const rows: ContestRow[] = await contests().findMany({ where: { competitionSlug: competition }, orderBy: { month: 'desc' }, limit: ADMIN_LIST_MONTHS });
      return {
        timeZone: zone,
        normaliseScoresDefault: (await settings()).normaliseScores,
        contests: await Promise.all(rows.map(toAdminContest)),
      };
    },

    /** PUT /api/admin/contests/{month}: theme, dates (or back to the calendar's), normalisation. Creates the month on demand. */
    async adminUpdate(month: string, input: AdminContestUpdate, competition: string = DEFAULT_COMPETITION): Promise<AdminContest> {
      const zone = await timeZone();
      const row = await ensureMonth(month, zone, competition);
      const data: Partial<ContestRow> = {};
      if (input.theme !== undefined) data.theme = input.theme;
      if (input.normaliseScores !== undefined) data.normaliseScores = input.normaliseScores;
      if (input.useDefaultDates) {
        const window = monthWindow(month, zone);
        Object.assign(data, {
          opensAt: window.opensAt.toISOString(),
          closesAt: window.closesAt.toISOString(),
          resultsAt: window.resultsAt.toISOString(),
          datesOverridden: false,
        });
      } else if (input.opensAt || input.closesAt || input.resultsAt) {
        const dates = { opensAt: input.opensAt ?? row.opensAt, closesAt: input.closesAt ?? row.closesAt, resultsAt: input.resultsAt ?? row.resultsAt };
        validDates(dates);
        Object.assign(data, dates, { datesOverridden: true });
      }
      const updated = Object.keys(data).length ? await contests().update({ where: { id: row.id }, data }) : row;
      return toAdminContest(updated);
    },
  };
});

function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * 86_400_000);
}
