import { createHash } from 'node:crypto';
import type { Core } from '@strapi/strapi';
import sharp from 'sharp';
import { countWords, CRITERION_KEYS, DECLARATIONS, DEFAULT_COMPETITION } from '@writory/shared';
import demo from '@writory/shared/demo-accounts.json';
import { addMonths, DEFAULT_CONTEST_TIME_ZONE, monthOf, monthWindow } from '../../lib/contest-calendar';
import { makeDocx } from './poem-documents';
import { roleId } from '../install/roles';
import { getService } from '../../services';

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
  'Salt and Morning',
  'The Quiet Orchard',
  'Letters to the River',
  'What the Lamp Knew',
  'Stairwell Hymn',
  'Monsoon Ledger',
  'Glass Harbour',
  'A Map of Small Hours',
  'Kiln',
  'After the Bells',
  'Ferry at Dusk',
  'The Weight of Snow',
  'Borrowed Light',
  'Grandmother’s Loom',
  'Night Market',
  'Small Republic of Rain',
  'Orchard Elegy',
  'Tidewater',
  'The Cartographer’s Daughter',
  'Lanterns',
];

async function contestFor(strapi: Core.Strapi, month: string, theme: string, slug: string = DEFAULT_COMPETITION): Promise<number> {
  const existing = await strapi.db.query('api::contest.contest').findOne({ where: { month, competitionSlug: slug } });
  if (existing) return existing.id;
  const competition = await getService(strapi, 'api::competition.competition').require(slug);
  const created = await strapi.db
    .query('api::contest.contest')
    .create({ data: { ...monthWindow(month, DEFAULT_CONTEST_TIME_ZONE), theme, competition: competition.id, competitionSlug: slug } });
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
        data: {
          username: uid,
          email: `${poet.key}@demo.writory.local`,
          provider: 'firebase',
          confirmed: true,
          blocked: false,
          firebaseUid: uid,
          name: poet.name,
          emailVerified: true,
          role,
        },
      }));
    ids.push(user.id);
  }
  return ids;
}

const STANZAS = [
  'The morning keeps its salt\non the sill of the window;\nI read it like a letter\nno one thought to send.',
  'My grandmother counted rain\nin the creases of her palms,\nand every storm she named\nstill knocks at our door.',
  'Under the bridge the river\nrehearses its one long vowel;\nthe city, half asleep,\nanswers in lamplight.',
  'I folded the evening twice\nand kept it in my pocket,\na ticket for a ferry\nthat leaves when you are ready.',
  'What the kiln remembers\nis not the clay but the hands,\nthe breath held at the door,\nthe small prayer of the fire.',
];

/** A short demo poem for a title (two stanzas, different for neighbouring entries). */
const demoPoem = (title: string, i: number) => `${title}\n\n${STANZAS[i % STANZAS.length]}\n\n${STANZAS[(i + 2) % STANZAS.length]}`;

/** A square author portrait (a drawn head and shoulders in warm light), as the entry form would store it (WebP). */
const demoPhoto = (month: number) => {
  const hue = (month * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240">
    <defs>
      <radialGradient id="light" cx="35%" cy="30%" r="80%"><stop offset="0" stop-color="hsl(${hue}, 45%, 78%)"/><stop offset="1" stop-color="hsl(${hue}, 35%, 38%)"/></radialGradient>
      <linearGradient id="coat" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${(hue + 180) % 360}, 30%, 32%)"/><stop offset="1" stop-color="hsl(${(hue + 180) % 360}, 30%, 20%)"/></linearGradient>
    </defs>
    <rect width="240" height="240" fill="url(#light)"/>
    <path d="M40 240c4-52 38-78 80-78s76 26 80 78z" fill="url(#coat)"/>
    <rect x="106" y="128" width="28" height="34" rx="10" fill="#c98e6b"/>
    <ellipse cx="120" cy="100" rx="38" ry="45" fill="#d9a27f"/>
    <path d="M80 98c-4-40 22-62 44-60 28 2 44 24 38 58-8-22-26-30-44-30-16 0-30 10-38 32z" fill="#3b2a22"/>
  </svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
};

/**
 * Entries of a demo month, written like real ones: the poem's text (what winner pages show) in a .docx in the
 * private store, the contact details and declarations, and for the first entry an author photo.
 */
async function entriesFor(
  strapi: Core.Strapi,
  contestId: number,
  month: string,
  poetIds: number[],
  count: number,
  { status = 'scored', firstTitle = 0, prefix = 'WR' } = {},
) {
  const files = getService(strapi, 'api::entry.storage').privateFiles();
  const codes: string[] = [];
  for (let i = 0; i < count; i++) {
    // Codes are unique across competitions: another competition's demo entries have a prefix of their own.
    const code = `${prefix}-${month.replace('-', '')}-${String(i + 1).padStart(4, '0')}`;
    if (!(await strapi.db.query('api::entry.entry').findOne({ where: { code } }))) {
      const title = TITLES[((i + firstTitle) % 10) + (Number(month.slice(5)) % 2) * 10];
      const text = demoPoem(title, i);
      const bytes = await makeDocx(text);
      const poetId = poetIds[i % poetIds.length];
      const poet = await strapi.db.query('plugin::users-permissions.user').findOne({ where: { id: poetId }, select: ['name'] });
      const submittedAt = new Date(`${month}-0${1 + (i % 9)}T10:00:00Z`);
      await strapi.db.query('api::entry.entry').create({
        data: {
          code,
          title,
          language: 'English',
          status,
          contest: contestId,
          poet: poetId,
          submittedAt,
          judgingStartedAt: new Date(`${month}-26T00:00:00Z`),
          scoredAt: status === 'scored' ? new Date(`${month}-27T00:00:00Z`) : null,
          fileKey: await files.put('entries', bytes, 'docx'),
          fileName: `${title}.docx`,
          fileType: 'docx',
          fileSize: bytes.length,
          fileSha256: createHash('sha256').update(bytes).digest('hex'),
          text,
          judgeText: text,
          judgeTitle: title,
          wordCount: countWords(text),
          photoKey: i === 0 ? await files.put('entry-photos', await demoPhoto(Number(month.slice(5))), 'webp') : null,
          contactName: poet?.name ?? 'Writory poet',
          contactPhone: '+44 7700 900123',
          contactCountry: 'GB',
          declarations: { ...DECLARATIONS, acceptedAt: submittedAt.toISOString() },
          idempotencyKey: `demo-results:${code}`,
        },
      });
    }
    codes.push(code);
  }
  return codes;
}

/**
 * Demo results for `npm start` and the e2e run: two months ago is published (scores, winners, certificates), last
 * month's entries are scored and wait for an admin to publish them, three months ago has two entries waiting for
 * the judges (to publish from their in-app scores), and the leaderboard has some imported history.
 * Integration tests (NODE_ENV=test) make their own data.
 */
export async function seedResultsDemo(strapi: Core.Strapi) {
  if (process.env.NODE_ENV === 'test' || (await strapi.db.query('api::result.result').count()) > 0) return;
  const current = monthOf(new Date(), DEFAULT_CONTEST_TIME_ZONE);
  const published = addMonths(current, -2);
  const waiting = addMonths(current, -1);
  const poetIds = await demoPoetIds(strapi);

  const codes = await entriesFor(strapi, await contestFor(strapi, published, 'Light'), published, poetIds, 10);
  const header = ['entry_code', ...CRITERION_KEYS, 'comment'].join(',');
  const rows = codes.map((code, i) =>
    [code, 19 - i, 18 - (i % 3), 17 - (i % 4), 19 - i, 16, `"Vivid imagery, ${i % 2 ? 'a strong close' : 'a daring form'}."`].join(','),
  );
  await getService(strapi, 'api::publication.publication').publishResults({
    month: published,
    source: 'csv',
    fileName: 'demo-results.csv',
    fileContent: [header, ...rows].join('\n'),
  });
  await getService(strapi, 'api::publication.publication').publishWinners({
    month: published,
    winners: [
      { entryCode: codes[0], place: 'first' },
      { entryCode: codes[1], place: 'second' },
      { entryCode: codes[2], place: 'third' },
      { entryCode: codes[3], place: 'honourable' },
    ],
  });

  await entriesFor(strapi, await contestFor(strapi, waiting, 'Rivers'), waiting, poetIds, 8);
  const judging = addMonths(current, -3);
  await entriesFor(strapi, await contestFor(strapi, judging, 'Harbours'), judging, poetIds, 2, { status: 'in_judging', firstTitle: 8 }); // titles last month's 8 entries don't use

  const before = (n: number) => addMonths(published, -n);
  const history = [
    'month,name,email,points',
    `${before(1)},Amara Okafor,amara@demo.writory.local,81`,
    `${before(1)},Lena Fischer,,77.5`,
    `${before(2)},Lena Fischer,,90`,
  ];
  await getService(strapi, 'api::leaderboard.leaderboard').commitImport(history.join('\n'));
}

/**
 * The Story competition's last month, waiting for its results (three scored entries, codes ST-YYYYMM-0001…): an
 * admin publishes it apart from poetry's month (for `npm start` and the e2e run; not for integration tests).
 */
export async function seedStoryResultsDemo(strapi: Core.Strapi) {
  if (process.env.NODE_ENV === 'test' || !(await getService(strapi, 'api::competition.competition').bySlug('story'))) return;
  const waiting = addMonths(monthOf(new Date(), DEFAULT_CONTEST_TIME_ZONE), -1);
  const contestId = await contestFor(strapi, waiting, 'Crossings', 'story');
  await entriesFor(strapi, contestId, waiting, await demoPoetIds(strapi), 3, { prefix: 'ST', firstTitle: 3 });
}
