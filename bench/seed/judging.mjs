// Judges' scores of the seeded entries: six bench judges (the judge role); every published entry scored by as
// many judges as the site settings ask (judgesPerEntry), an entry in judging by fewer, a received one by none.
import { NAMES, count, insertMany, link, random } from './lib.mjs';

const SCORE = 'api::score.score';
const USER = 'plugin::users-permissions.user';
const JUDGES = 6;
const CRITERIA = ['structure', 'creativity', 'language', 'emotionalImpact', 'theme'];

async function benchJudges(strapi) {
  const existing = await strapi.db.query(USER).findMany({ where: { firebaseUid: { $startsWith: 'bench-judge-' } }, select: ['id'], orderBy: { id: 'asc' } });
  if (existing.length >= JUDGES) return existing.map((u) => u.id);
  const role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'judge' } });
  const now = new Date();
  const ids = await insertMany(
    strapi,
    USER,
    Array.from({ length: JUDGES - existing.length }, (_, i) => {
      const uid = `bench-judge-${existing.length + i + 1}`;
      return {
        username: uid,
        email: `${uid}@bench.writory.local`,
        provider: 'firebase',
        confirmed: true,
        blocked: false,
        firebaseUid: uid,
        name: `${NAMES.given[i]} ${NAMES.family[i + 3]}`,
        emailVerified: true,
        createdAt: now,
        updatedAt: now,
        publishedAt: now,
      };
    }),
  );
  await link(
    strapi,
    USER,
    'role',
    ids.map((id) => [id, role.id]),
  );
  return [...existing.map((u) => u.id), ...ids];
}

/** Bench entries without any score yet, with their contest (a top-up scores only those). */
function unscored(strapi) {
  const entry = strapi.db.metadata.get('api::entry.entry');
  const contestLink = entry.attributes.contest.joinTable;
  return strapi.db
    .connection(`${entry.tableName} as e`)
    .join(
      strapi.db.connection(contestLink.name).select({ entryId: contestLink.joinColumn.name, contestId: contestLink.inverseJoinColumn.name }).as('c'),
      'c.entryId',
      'e.id',
    )
    .leftJoin(`${strapi.db.metadata.get(SCORE).tableName} as s`, 's.entry_id', 'e.id')
    .whereNull('s.id')
    .where('e.idempotency_key', 'like', 'bench-seed-%');
}

export default {
  name: 'scores',
  table: 'scores',
  present: (strapi) => count(strapi, SCORE),
  /** Not a fixed number: published entries still without scores are what is missing (in judging ones may have none). */
  missing: async (strapi) => (await unscored(strapi).where('e.status', 'published').count({ n: '*' }))[0].n,
  async seed(strapi) {
    const judges = await benchJudges(strapi);
    const { judgesPerEntry } = await strapi.service('api::site-setting.site-setting').contestSettings();
    const entries = await unscored(strapi)
      .whereIn('e.status', ['published', 'in_judging'])
      .select('e.id', 'e.status', 'e.judging_started_at as judgingStartedAt', 'c.contestId');
    const rng = random(505 + entries.length);
    const rows = [];
    for (const entry of entries) {
      const n = entry.status === 'published' ? judgesPerEntry : rng.int(0, judgesPerEntry - 1);
      const start = rng.int(0, judges.length - 1);
      const quality = rng.int(6, 18);
      for (let j = 0; j < n; j++) {
        const marks = Object.fromEntries(CRITERIA.map((c) => [c, Math.max(0, Math.min(20, quality + rng.int(-4, 4)))]));
        const at = new Date(new Date(entry.judgingStartedAt ?? Date.now()).getTime() + rng.int(1, 72) * 3_600_000);
        rows.push({
          entryId: entry.id,
          judgeId: judges[(start + j) % judges.length],
          contestId: entry.contestId,
          ...marks,
          total: CRITERIA.reduce((sum, c) => sum + marks[c], 0),
          comment: rng.next() < 0.5 ? 'Strong images; the ending could land harder.' : null,
          submittedAt: at,
          createdAt: at,
          updatedAt: at,
        });
      }
    }
    await insertMany(strapi, SCORE, rows);
  },
};
