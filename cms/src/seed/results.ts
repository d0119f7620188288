import type { Core } from '@strapi/strapi';
import { CRITERION_KEYS } from '@writory/shared';
import demo from '@writory/shared/demo-accounts.json';
import { DEFAULT_CONTEST_TIME_ZONE, monthOf, monthWindow } from '../lib/contest-calendar';
import { roleId } from './roles';

/** Poets without a sign-in account: they fill the demo months, the leaderboard and the winner pages. */
const DEMO_POETS = [
  { key: 'amara', name: 'Amara Okafor' },
  { key: 'arjun', name: 'अर्जुन मेहता' },
  { key: 'sofia', name: 'Sofia Rossi' },
  { key: 'hana', name: 'Hana Sato' },
  { key: 'mateo', name: 'Mateo García' },
  { key: 'noor', name: 'Noor Haddad' },
];
// Twenty titles: consecutive months use different halves, so no two demo months share a title.
const TITLES = [
  'Salt and Morning', 'The Quiet Orchard', 'Letters to the River', 'What the Lamp Knew', 'Stairwell Hymn',
  'Monsoon Ledger', 'Glass Harbour', 'A Map of Small Hours', 'Kiln', 'After the Bells',
  'Ferry at Dusk', 'The Weight of Snow', 'Borrowed Light', 'Grandmother’s Loom', 'Night Market',
  'Small Republic of Rain', 'Orchard Elegy', 'Tidewater', 'The Cartographer’s Daughter', 'Lanterns',
];

export function shiftMonth(month: string, by: number): string {
  const [year, m] = month.split('-').map(Number);
  const index = year * 12 + (m - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

async function contestFor(strapi: Core.Strapi, month: string, theme: string): Promise<number> {
  const existing = await strapi.db.query('api::contest.contest').findOne({ where: { month } });
  if (existing) return existing.id;
  const created = await strapi.db.query('api::contest.contest').create({ data: { ...monthWindow(month, DEFAULT_CONTEST_TIME_ZONE), theme } });
  return created.id;
}

async function demoPoetIds(strapi: Core.Strapi): Promise<number[]> {
  const users = strapi.db.query('plugin::users-permissions.user');
  const ids: number[] = [];
  for (const account of demo.accounts.filter((a) => a.role === 'poet')) {
    const user = await users.findOne({ where: { firebaseUid: account.uid } });
    if (user) ids.push(user.id);
  }
  const role = await roleId(strapi, 'authenticated');
  for (const poet of DEMO_POETS) {
    const uid = `demo-results-${poet.key}`;
    const user =
      (await users.findOne({ where: { firebaseUid: uid } })) ??
      (await users.create({
        data: { username: uid, email: `${poet.key}@demo.writory.local`, provider: 'firebase', confirmed: true, blocked: false, firebaseUid: uid, name: poet.name, emailVerified: true, role },
      }));
    ids.push(user.id);
  }
  return ids;
}

async function entriesFor(strapi: Core.Strapi, contestId: number, month: string, poetIds: number[], count: number) {
  const codes: string[] = [];
  for (let i = 0; i < count; i++) {
    const code = `WR-${month.replace('-', '')}-${String(i + 1).padStart(4, '0')}`;
    if (!(await strapi.db.query('api::entry.entry').findOne({ where: { code } }))) {
      await strapi.db.query('api::entry.entry').create({
        data: { code, title: TITLES[(i % 10) + (Number(month.slice(5)) % 2) * 10], language: 'English', status: 'scored', contest: contestId, poet: poetIds[i % poetIds.length] },
      });
    }
    codes.push(code);
  }
  return codes;
}

/**
 * Demo results for `npm start` and the e2e run: two months ago is published (scores, winners, certificates), last
 * month's entries are scored and wait for an admin to publish them, and the leaderboard has some imported history.
 * Integration tests (NODE_ENV=test) make their own data.
 */
export async function seedResultsDemo(strapi: Core.Strapi) {
  if (process.env.NODE_ENV === 'test' || (await strapi.db.query('api::result.result').count()) > 0) return;
  const current = monthOf(new Date(), DEFAULT_CONTEST_TIME_ZONE);
  const published = shiftMonth(current, -2);
  const waiting = shiftMonth(current, -1);
  const poetIds = await demoPoetIds(strapi);

  const codes = await entriesFor(strapi, await contestFor(strapi, published, 'Light'), published, poetIds, 10);
  const header = ['entry_code', ...CRITERION_KEYS, 'comment'].join(',');
  const rows = codes.map((code, i) => [code, 19 - i, 18 - (i % 3), 17 - (i % 4), 19 - i, 16, `"Vivid imagery, ${i % 2 ? 'a strong close' : 'a daring form'}."`].join(','));
  await strapi.service('api::result.result').publish({ month: published, source: 'csv', fileName: 'demo-results.csv', fileContent: [header, ...rows].join('\n') });
  await strapi.service('api::winner.winner').publish({
    month: published,
    winners: [
      { entryCode: codes[0], place: 'first' },
      { entryCode: codes[1], place: 'second' },
      { entryCode: codes[2], place: 'third' },
      { entryCode: codes[3], place: 'honourable' },
    ],
  });

  await entriesFor(strapi, await contestFor(strapi, waiting, 'Rivers'), waiting, poetIds, 8);

  const before = (n: number) => shiftMonth(published, -n);
  const history = ['month,name,email,points', `${before(1)},Amara Okafor,amara@demo.writory.local,81`, `${before(1)},Lena Fischer,,77.5`, `${before(2)},Lena Fischer,,90`];
  await strapi.service('api::leaderboard.leaderboard').commitImport(history.join('\n'));
}
