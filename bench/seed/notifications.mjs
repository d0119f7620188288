// 100,000 notifications spread over every user (about ten each), most of them read, over the last 60 days.
import { count, insertMany, random } from './lib.mjs';

const NOTIFICATION = 'api::notification.notification';
const TARGET = 100_000;

const KINDS = [
  { title: 'Entry received', message: 'We received your poem for this month’s contest. Good luck!', link: '/profile#entries' },
  { title: 'Your score card is ready', message: 'The judges have scored your poem. Open your score card to read their comments.', link: '/profile#entries' },
  { title: 'New comment on your wall post', message: 'Someone replied to your post on the Writory Wall.', link: '/writory-wall' },
  { title: 'Submissions close soon', message: 'Submissions for this month close at the end of the 25th.', link: '/submit' },
  { title: 'Results are out', message: 'This month’s winning poems are published.', link: '/winning-poems' },
];

export default {
  name: 'notifications',
  table: 'notifications',
  target: TARGET,
  present: (strapi) => count(strapi, NOTIFICATION),
  async seed(strapi, missing) {
    const users = (await strapi.db.connection('up_users').select('id').orderBy('id')).map((row) => row.id);
    if (users.length === 0) throw new Error('seed the poets before their notifications');
    const rng = random(202 + missing);
    const now = Date.now();
    const rows = Array.from({ length: missing }, (_, i) => {
      const kind = rng.pick(KINDS);
      const at = new Date(now - rng.int(0, 60 * 24 * 60) * 60_000);
      return {
        userId: users[i % users.length],
        ...kind,
        readAt: rng.next() < 0.7 ? new Date(at.getTime() + rng.int(1, 600) * 60_000) : null,
        createdAt: at,
        updatedAt: at,
        publishedAt: at,
      };
    });
    await insertMany(strapi, NOTIFICATION, rows);
  },
};
