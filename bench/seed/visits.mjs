// 1,000,000 page views over the last 120 days, written by the visit service's own store() (the raw rows and
// both roll-ups the dashboard reads, visits per day × page × device × kind and visitors per day, in one
// transaction per batch): what the cms would hold had it accepted them one by one. About 60,000 anonymous
// browsers and a fifth of the views from signed-in poets; two thirds on phones; the home page, the wall and
// the articles most visited.
import { cmsModule, count, random } from './lib.mjs';

const VISIT = 'api::visit.visit';
const TARGET = 1_000_000;
const DAYS = 120;
const BATCH = 25_000;
const ANONYMOUS = 60_000;
const PAGES = [
  ...Array(20).fill('/'),
  ...Array(8).fill('/writory-wall'),
  ...Array(6).fill('/articles'),
  ...Array(4).fill('/submit'),
  ...Array(3).fill('/winning-poems'),
  ...Array(3).fill('/leaderboard'),
  ...Array(2).fill('/profile'),
  '/about',
  '/contact',
  '/past-winners',
  '/auth',
  '/faq',
  '/terms',
  '/privacy',
  '/referrals',
  '/earnings',
];

export default {
  name: 'visits',
  table: 'visits',
  target: TARGET,
  present: (strapi) => count(strapi, VISIT),
  async seed(strapi, missing, { cmsDir }) {
    const visits = strapi.service('api::visit.visit');
    const { dayOf } = cmsModule(cmsDir, 'src/api/visit/lib/day.js');
    const { contestTimeZone } = await strapi.service('api::site-setting.site-setting').contestSettings();
    const poets = await strapi.db.connection('up_users').select('id', 'firebase_uid as uid').where('firebase_uid', 'like', 'bench-poet-%').orderBy('id');
    const rng = random(707 + missing);
    const now = Date.now();
    const span = DAYS * 86_400_000;
    for (let done = 0; done < missing; done += BATCH) {
      const rows = [];
      for (let i = done; i < Math.min(missing, done + BATCH); i++) {
        // Oldest first, so each batch's rows are close in time (as a flush of the live queue would be).
        const visitedAt = new Date(now - span + Math.floor((i / missing) * span) + rng.int(0, 60_000));
        const signedIn = rng.next() < 0.2;
        const poet = signedIn ? poets[rng.int(0, poets.length - 1)] : null;
        const page = rng.next() < 0.25 ? `/articles/bench-${String(rng.int(1, 1000)).padStart(4, '0')}` : rng.pick(PAGES);
        rows.push({
          visitorId: poet ? poet.uid : `bench-visitor-${String(rng.int(1, ANONYMOUS)).padStart(6, '0')}`,
          userType: poet ? 'logged-in' : 'anonymous',
          userId: poet ? poet.id : null,
          page,
          device: rng.next() < 0.66 ? 'mobile' : 'desktop',
          day: dayOf(visitedAt, contestTimeZone),
          visitedAt,
        });
      }
      await visits.store(rows);
    }
  },
};
