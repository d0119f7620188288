import type { Core } from '@strapi/strapi';
import { DECLARATIONS } from '@writory/shared';
import demo from '@writory/shared/demo-accounts.json';
import { monthOf } from '../lib/contest-calendar';
import type { ContestRow } from '../api/contest/services/contest';
import { makeDocx, makePdf } from './poem-documents';
import { getService } from '../services';

const CONTEST = 'api::contest.contest';
const ENTRY = 'api::entry.entry';
const DEMO_THEME = 'Thresholds';
const DAY = 86_400_000;

/** How long the demo keeps submissions open from the moment it is seeded: a demo or an e2e run never meets the deadline. */
export const DEMO_OPEN_FOR_MS = 2 * DAY;

/**
 * The demo's window for a contest seeded at `now`: unchanged when it stays open for two more days, otherwise
 * closing two days from now (results the day after), so someone trying `npm start` from the 24th to the month's end,
 * or an e2e run that starts minutes before the deadline, can always enter a poem.
 */
export function demoWindow(contest: Pick<ContestRow, 'closesAt' | 'resultsAt'>, now: Date): { closesAt: Date; resultsAt: Date } | null {
  const closes = new Date(contest.closesAt).getTime();
  if (closes >= now.getTime() + DEMO_OPEN_FOR_MS) return null;
  const closesAt = new Date(now.getTime() + DEMO_OPEN_FOR_MS);
  const resultsAt = new Date(Math.max(closesAt.getTime() + DAY, new Date(contest.resultsAt).getTime()));
  return { closesAt, resultsAt };
}

/** This month's contest, in the contest time zone of the settings, with a theme, and open for the demo (above). */
export async function seedDemoContest(strapi: Core.Strapi, now: Date = new Date()): Promise<ContestRow> {
  const service = getService(strapi, 'api::contest.contest');
  const month = monthOf(now, await service.timeZone());
  let contest: ContestRow = await service.ensureMonth(month);
  if (!contest.theme) contest = await strapi.db.query(CONTEST).update({ where: { id: contest.id }, data: { theme: DEMO_THEME } });
  const window = demoWindow(contest, now);
  if (window) {
    contest = await strapi.db.query(CONTEST).update({ where: { id: contest.id }, data: { ...window, datesOverridden: true } });
    strapi.log.info(`demo: the ${month} contest is kept open until ${window.closesAt.toISOString()} so entries can be tried today`);
  }
  return contest;
}

const DEMO_ENTRIES = [
  {
    poet: 'demo-poet-0002',
    title: 'The Door of Salt',
    language: 'English',
    kind: 'pdf' as const,
    country: 'AE',
    text: 'I stood where the tide\nforgets its own name,\nsalt on the hinge\nof a door to the sea.\n\nEvery threshold\nis a small goodbye.',
  },
  {
    poet: 'demo-poet-0002',
    title: 'عتبة',
    language: 'Arabic',
    kind: 'docx' as const,
    country: 'AE',
    text: 'على عتبة البيت\nينام الضوء قليلاً\nثم يمضي\nكأنه يعرف الطريق',
  },
  {
    poet: 'demo-poet-0001',
    title: 'Monsoon Step',
    language: 'English',
    kind: 'docx' as const,
    country: 'IN',
    text: 'The first rain waits\non the temple step,\ncounting the feet\nthat carried dust inside.',
  },
];

/** A few entries of this month's contest (two poets), so judging pages have something on a first `npm start`. */
export async function seedDemoEntries(strapi: Core.Strapi, contest: ContestRow): Promise<void> {
  if ((await strapi.db.query(ENTRY).count()) > 0) return;
  const entries = getService(strapi, 'api::entry.entry');
  const users = getService(strapi, 'api::user.user');
  for (const [index, entry] of DEMO_ENTRIES.entries()) {
    const user = await users.findByUid(entry.poet);
    const account = demo.accounts.find((a) => a.uid === entry.poet)!;
    if (!user) continue;
    const bytes = entry.kind === 'pdf' ? await makePdf(entry.text) : await makeDocx(entry.text);
    const built = await entries.build(
      user,
      {
        title: entry.title,
        language: entry.language,
        fullName: account.name,
        phone: account.phone,
        country: entry.country,
        declarations: DECLARATIONS,
        fileName: `${entry.title}.${entry.kind}`,
        bytes,
        photo: null,
        idempotencyKey: `${user.id}:demo-entry-${index}`,
      },
      new Date(),
    );
    await entries.enter(user, contest, built, { notify: false });
  }
}
