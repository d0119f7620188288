// 20,000 contest entries (the entry model's core row: code, contest, poet, title, language, status) over the
// last twelve monthly contests. Files, scores and judging rows are not seeded yet (their models are not in main).
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { count, insertMany, link, random } from './lib.mjs';

const ENTRY = 'api::entry.entry';
const CONTEST = 'api::contest.contest';
const TARGET = 20_000;
const MONTHS = 12;
const LANGUAGES = ['English', 'English', 'English', 'Hindi', 'Tamil', 'Arabic', 'Spanish', 'Bengali', 'Urdu', 'French'];

async function ensureContests(strapi, cmsDir) {
  const calendar = createRequire(join(cmsDir, 'package.json'))('./dist/src/lib/contest-calendar.js');
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
  const rows = await contests.findMany({ where: { month: { $in: months } }, select: ['id', 'month'] });
  return { current: thisMonth, contests: rows.sort((a, b) => b.month.localeCompare(a.month)) };
}

export default {
  name: 'entries',
  table: 'entries',
  target: TARGET,
  present: (strapi) => count(strapi, ENTRY),
  async seed(strapi, missing, { cmsDir }) {
    const { current, contests } = await ensureContests(strapi, cmsDir);
    const poets = (await strapi.db.connection('up_users').select('id').where('firebase_uid', 'like', 'bench-poet-%').orderBy('id')).map((r) => r.id);
    if (poets.length === 0) throw new Error('seed the poets before their entries');
    const already = await count(strapi, ENTRY, { code: { $startsWith: 'B' } });
    const rng = random(404 + already);
    const rows = [];
    const links = [];
    for (let i = 0; i < missing; i++) {
      const n = already + i + 1;
      const contest = contests[n % contests.length];
      const open = contest.month === current;
      rows.push({
        code: `B${contest.month.replace('-', '')}-${String(n).padStart(6, '0')}`,
        title: `Untitled ${n}`,
        language: rng.pick(LANGUAGES),
        status: open ? rng.pick(['received', 'in_judging']) : 'published',
      });
      links.push({ contest: contest.id, poet: rng.pick(poets) });
    }
    const ids = await insertMany(strapi, ENTRY, rows);
    await link(strapi, ENTRY, 'contest', ids.map((id, i) => [id, links[i].contest]));
    await link(strapi, ENTRY, 'poet', ids.map((id, i) => [id, links[i].poet]));
  },
};
