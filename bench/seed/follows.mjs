// Poet pages and following (issue 40): one bench poet in five has a public page (handle `bench-<n>`), and each of
// the first 50 bench poets (the signed-in readers of the wall benchmark's Following tab) follows 100 of them, so a
// reader's Following tab pages about 850 approved poems out of the 100,000 posts. Wall cards of poets with a page
// link to it, so the wall's own rows read the pages too.
import { count, insertMany, random } from './lib.mjs';

const PAGE = 'api::poet.poet-page';
const FOLLOW = 'api::follow.follow';
export const FOLLOWING_READERS = 50;
const FOLLOWS_EACH = 100;
const PAGE_EVERY = 5;

export default {
  name: 'follows',
  table: 'follows',
  target: FOLLOWING_READERS * FOLLOWS_EACH,
  present: (strapi) => count(strapi, FOLLOW),
  async seed(strapi) {
    const poets = (await strapi.db.connection('up_users').select('id').where('firebase_uid', 'like', 'bench-poet-%').orderBy('id')).map((r) => r.id);
    if (poets.length <= FOLLOWING_READERS) throw new Error('seed the poets before their follows');
    const withPage = poets.filter((_, i) => i >= FOLLOWING_READERS && i % PAGE_EVERY === 0);
    if ((await count(strapi, PAGE)) === 0) {
      await insertMany(
        strapi,
        PAGE,
        withPage.map((userId, i) => ({ userId, handle: `bench-${i + 1}`, bio: 'I write in the mornings.', languages: ['en'], public: true })),
      );
    }
    const rng = random(707);
    const rows = [];
    for (const followerId of poets.slice(0, FOLLOWING_READERS)) {
      const chosen = new Set();
      while (chosen.size < FOLLOWS_EACH) chosen.add(rng.pick(withPage));
      for (const poetId of chosen) rows.push({ followerId, poetId, muted: false });
    }
    await strapi.db.query(FOLLOW).deleteMany({});
    await insertMany(strapi, FOLLOW, rows);
  },
};
