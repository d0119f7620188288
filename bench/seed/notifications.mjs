// 100,000 notifications spread over every user (about ten each), most of them read, over the last 60 days;
// and one busy poet (BUSY_POET) with 10,000 of their own.
import { count, insertMany, random } from './lib.mjs';
import { benchPoet } from './poets.mjs';

const NOTIFICATION = 'api::notification.notification';
const TARGET = 100_000;
/** The poet whose notifications the `notifications` benchmark reads: far more than anyone else's. */
export const BUSY_POET = { ...benchPoet(9_001), notifications: 10_000 };

const busyPoetId = async (strapi) => (await strapi.db.connection('up_users').select('id').where('firebase_uid', BUSY_POET.uid).first())?.id ?? -1;

const KINDS = [
  { title: 'Entry received', message: 'We received your poem for this month’s contest. Good luck!', link: '/profile#entries' },
  { title: 'Your score card is ready', message: 'The judges have scored your poem. Open your score card to read their comments.', link: '/profile#entries' },
  { title: 'New comment on your wall post', message: 'Someone replied to your post on the Writory Wall.', link: '/writory-wall' },
  { title: 'Submissions close soon', message: 'Submissions for this month close at the end of the 25th.', link: '/submit' },
  { title: 'Results are out', message: 'This month’s winning poems are published.', link: '/winning-poems' },
];

function notificationRows(rng, userOf, n) {
  const now = Date.now();
  return Array.from({ length: n }, (_, i) => {
    const kind = rng.pick(KINDS);
    const at = new Date(now - rng.int(0, 60 * 24 * 60) * 60_000);
    return {
      userId: userOf(i),
      ...kind,
      readAt: rng.next() < 0.7 ? new Date(at.getTime() + rng.int(1, 600) * 60_000) : null,
      createdAt: at,
      updatedAt: at,
      publishedAt: at,
    };
  });
}

export default {
  name: 'notifications',
  table: 'notifications',
  target: TARGET,
  present: async (strapi) => count(strapi, NOTIFICATION, { userId: { $ne: await busyPoetId(strapi) } }),
  async seed(strapi, missing) {
    const busy = await busyPoetId(strapi);
    const users = (await strapi.db.connection('up_users').select('id').orderBy('id')).map((row) => row.id).filter((id) => id !== busy);
    if (users.length === 0) throw new Error('seed the poets before their notifications');
    await insertMany(
      strapi,
      NOTIFICATION,
      notificationRows(random(202 + missing), (i) => users[i % users.length], missing),
    );
  },
};

export const busyPoetNotifications = {
  name: 'notifications of the busiest poet',
  table: 'notifications',
  target: BUSY_POET.notifications,
  present: async (strapi) => count(strapi, NOTIFICATION, { userId: await busyPoetId(strapi) }),
  async seed(strapi, missing) {
    const busy = await busyPoetId(strapi);
    await insertMany(
      strapi,
      NOTIFICATION,
      notificationRows(random(212 + missing), () => busy, missing),
    );
  },
};
