import type { Core } from '@strapi/strapi';
import { DECLARATIONS } from '@writory/shared';
import demo from '@writory/shared/demo-accounts.json';
import { monthOf } from '../../lib/contest-calendar';
import type { ContestRow } from '../../api/contest/repository';
import { makeDocx, makePdf } from './poem-documents';
import { getService } from '../../services';

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

/** Demo entries of the other competitions (issue 37): poems in several scripts, and a story with its paragraphs. */
const COMPETITION_DEMO_ENTRIES: { competition: string; poet: string; title: string; language: string; country: string; text: string }[] = [
  {
    competition: 'regional-languages',
    poet: 'demo-poet-0001',
    title: 'दहलीज़',
    language: 'Hindi',
    country: 'IN',
    text: 'दहलीज़ पर बैठी धूप\nधीरे से पूछती है\nकौन आया, कौन गया\nदरवाज़ा चुप रहता है',
  },
  {
    competition: 'regional-languages',
    poet: 'demo-poet-0002',
    title: 'வாசல் மழை',
    language: 'Tamil',
    country: 'IN',
    text: 'வாசலில் மழை நிற்கிறது\nஉள்ளே வர தயங்கி\nஅம்மாவின் கோலம்\nமெதுவாக கரைகிறது',
  },
  {
    competition: 'regional-languages',
    poet: 'demo-poet-0001',
    title: 'চৌকাঠ',
    language: 'Bengali',
    country: 'IN',
    text: 'চৌকাঠে বসে আছে আলো\nকেউ ফিরবে বলে\nনদীর ওপারে\nসন্ধ্যা নামে ধীরে',
  },
  {
    competition: 'regional-languages',
    poet: 'demo-poet-0002',
    title: 'چراغ',
    language: 'Urdu',
    country: 'IN',
    text: 'دہلیز پہ رکھا چراغ\nہوا سے باتیں کرتا ہے\nکوئی آئے نہ آئے\nروشنی انتظار کرتی ہے',
  },
  {
    competition: 'story',
    poet: 'demo-poet-0001',
    title: 'The Ferryman’s Ledger',
    language: 'English',
    country: 'IN',
    text: [
      'Every evening the ferryman wrote down who crossed the river: a name, a town, a reason if they gave one. Most did not.',
      'The ledger filled with small lives. A tailor going to a wedding. Two sisters carrying a goat. A boy who said he was looking for his father and paid in coins still warm from his fist.',
      'When the bridge opened upstream, the ferry emptied in a week. The ferryman kept rowing anyway, once at dawn and once at dusk, writing nothing, until one evening the boy came back, taller, and asked to be taken across the other way.',
      'The ferryman opened the ledger to an old page and showed him his own handwriting. “You came this way once,” he said. “Now you are going home.”',
    ].join('\n\n'),
  },
];

/** This month's contests of the story and regional-languages competitions, with a few entries each (not for integration tests). */
export async function seedCompetitionDemoEntries(strapi: Core.Strapi, now: Date = new Date()): Promise<void> {
  if (process.env.NODE_ENV === 'test') return;
  const contests = getService(strapi, 'api::contest.contest');
  const entries = getService(strapi, 'api::entry.entry');
  const users = getService(strapi, 'api::user.user');
  const month = monthOf(now, await contests.timeZone());
  for (const [index, entry] of COMPETITION_DEMO_ENTRIES.entries()) {
    if (!(await getService(strapi, 'api::competition.competition').bySlug(entry.competition))) continue;
    let contest: ContestRow = await contests.ensureMonth(month, undefined, entry.competition);
    if (await strapi.db.query(ENTRY).findOne({ where: { idempotencyKey: { $endsWith: `:demo-${entry.competition}-${index}` } }, select: ['id'] })) continue;
    const window = demoWindow(contest, now);
    if (window) contest = await strapi.db.query(CONTEST).update({ where: { id: contest.id }, data: { ...window, datesOverridden: true } });
    const user = await users.findByUid(entry.poet);
    const account = demo.accounts.find((a) => a.uid === entry.poet);
    if (!user || !account) continue;
    const built = await entries.build(
      user,
      {
        title: entry.title,
        language: entry.language,
        fullName: account.name,
        phone: account.phone,
        country: entry.country,
        declarations: DECLARATIONS,
        fileName: `${entry.title}.docx`,
        bytes: await makeDocx(entry.text),
        photo: null,
        idempotencyKey: `${user.id}:demo-${entry.competition}-${index}`,
      },
      now,
    );
    await entries.enter(user, contest, built, { notify: false });
  }
}
