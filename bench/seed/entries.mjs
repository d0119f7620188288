// 20,000 contest entries over the last twelve monthly contests, as POST /api/entries stores them: the row with
// its text, the judges' anonymised text, file metadata (keys, type, size, hash), contact details and
// declarations, linked to contest and poet, and each text's originality fingerprint. The files themselves are
// not written (the keys point nowhere; no benchmark downloads a seeded file). Past months are published, the
// current one is received or in judging. Scores: ./judging.mjs.
import { count, cmsModule, hex, insertMany, link, poemText, random } from './lib.mjs';

const ENTRY = 'api::entry.entry';
const CONTEST = 'api::contest.contest';
const FINGERPRINT = 'api::originality.fingerprint';
const BAND = 'api::originality.fingerprint-band';
const TARGET = 20_000;
const MONTHS = 12;
const LANGUAGES = ['English', 'English', 'English', 'Hindi', 'Tamil', 'Arabic', 'Spanish', 'Bengali', 'Urdu', 'French'];
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
const DAY = 86_400_000;

/** Entry n's code in the cms's format (W + YYMM + 5 letters), unique per n. */
function entryCode(month, n) {
  let suffix = '';
  for (let rest = n, i = 0; i < 5; i++, rest = Math.floor(rest / CODE_ALPHABET.length)) suffix = CODE_ALPHABET[rest % CODE_ALPHABET.length] + suffix;
  return `W${month.slice(2, 4)}${month.slice(5, 7)}-${suffix}`;
}

export async function benchContests(strapi, cmsDir) {
  const calendar = cmsModule(cmsDir, 'src/lib/contest-calendar.js');
  const zone = calendar.DEFAULT_CONTEST_TIME_ZONE;
  const thisMonth = calendar.monthOf(new Date(), zone);
  const [year, month] = thisMonth.split('-').map(Number);
  const months = Array.from({ length: MONTHS }, (_, back) => {
    const d = new Date(Date.UTC(year, month - 1 - back, 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  });
  const contests = strapi.db.query(CONTEST);
  for (const m of months) {
    if (!(await contests.findOne({ where: { month: m } }))) await contests.create({ data: { ...calendar.monthWindow(m, zone), theme: `Bench theme ${m}` } });
  }
  const rows = await contests.findMany({ where: { month: { $in: months } }, select: ['id', 'month', 'opensAt', 'closesAt', 'resultsAt'] });
  return { current: thisMonth, contests: rows.sort((a, b) => b.month.localeCompare(a.month)) };
}

/** Entries seeded before they had files and texts (an older dataset): removed, then seeded whole. */
async function removeIncomplete(strapi) {
  const knex = strapi.db.connection;
  const { tableName, attributes } = strapi.db.metadata.get(ENTRY);
  const ids = (
    await knex(tableName)
      .select('id')
      .whereNull(attributes.fileKey.columnName ?? 'file_key')
  ).map((r) => r.id);
  for (let i = 0; i < ids.length; i += 500) {
    const some = ids.slice(i, i + 500);
    for (const relation of ['contest', 'poet']) {
      const { name, joinColumn } = attributes[relation].joinTable;
      await knex(name).whereIn(joinColumn.name, some).delete();
    }
    await knex(tableName).whereIn('id', some).delete();
  }
}

export default {
  name: 'entries',
  table: 'entries',
  target: TARGET,
  present: (strapi) => count(strapi, ENTRY, { fileKey: { $notNull: true } }),
  async seed(strapi, missing, { cmsDir }) {
    await removeIncomplete(strapi);
    const originality = cmsModule(cmsDir, 'src/api/originality/lib/fingerprint.js');
    const { current, contests } = await benchContests(strapi, cmsDir);
    const poets = await strapi.db.connection('up_users').select('id', 'name', 'phone', 'country').where('firebase_uid', 'like', 'bench-poet-%').orderBy('id');
    if (poets.length === 0) throw new Error('seed the poets before their entries');
    const already = await count(strapi, ENTRY, { idempotencyKey: { $startsWith: 'bench-seed-' } });
    const rng = random(404 + already);
    const rows = [];
    const links = [];
    for (let i = 0; i < missing; i++) {
      const n = already + i + 1;
      const contest = contests[n % contests.length];
      const poet = rng.pick(poets);
      const open = contest.month === current;
      const status = open ? rng.pick(['received', 'in_judging']) : 'published';
      const opens = new Date(contest.opensAt).getTime();
      const submitted = new Date(Math.min(Date.now() - 60_000, opens + rng.int(0, new Date(contest.closesAt).getTime() - opens)));
      const judging = status === 'received' ? null : new Date(Math.min(Date.now(), new Date(contest.closesAt).getTime() + DAY));
      const published = status === 'published' ? new Date(contest.resultsAt) : null;
      const text = poemText(rng, rng.int(8, 24));
      const fileType = rng.next() < 0.6 ? 'docx' : 'pdf';
      const title = `Untitled ${n}`;
      rows.push({
        code: entryCode(contest.month, n),
        title,
        language: rng.pick(LANGUAGES),
        status,
        submittedAt: submitted,
        judgingStartedAt: judging,
        scoredAt: published,
        resultsPublishedAt: published,
        fileKey: `entries/${hex(rng, 32)}.${fileType}`,
        fileName: `poem-${n}.${fileType}`,
        fileType,
        fileSize: rng.int(12_000, 900_000),
        fileSha256: hex(rng, 64),
        judgeFileKey: `entries/${hex(rng, 32)}.${fileType}`,
        text,
        judgeText: text,
        judgeTitle: title,
        wordCount: text.split(/\s+/).length,
        contactName: poet.name,
        contactPhone: poet.phone,
        contactCountry: poet.country,
        declarations: { original: true, individual: true, appropriate: true, final: true, acceptedAt: submitted.toISOString() },
        originalityFlag: false,
        originalityMatches: [],
        idempotencyKey: `bench-seed-${n}`,
        createdAt: submitted,
        updatedAt: published ?? judging ?? submitted,
      });
      links.push({ contest: contest.id, poet: poet.id });
    }
    const ids = await insertMany(strapi, ENTRY, rows);
    await link(
      strapi,
      ENTRY,
      'contest',
      ids.map((id, i) => [id, links[i].contest]),
    );
    await link(
      strapi,
      ENTRY,
      'poet',
      ids.map((id, i) => [id, links[i].poet]),
    );
    // Originality fingerprints, as register('entry', id, text) writes them, in bulk.
    const signatures = ids.map((refId, i) => ({ refId, signature: originality.signature(rows[i].text) })).filter((s) => s.signature);
    await insertMany(
      strapi,
      FINGERPRINT,
      signatures.map(({ refId, signature }) => ({ kind: 'entry', refId, signature })),
    );
    await insertMany(
      strapi,
      BAND,
      signatures.flatMap(({ refId, signature }) => originality.bandKeys(signature).map((key) => ({ key, kind: 'entry', refId }))),
    );
  },
};
