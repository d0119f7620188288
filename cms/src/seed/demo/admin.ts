import type { Core } from '@strapi/strapi';
import demo from '@writory/shared/demo-accounts.json';
import { dayOf } from '../../api/visit/lib/day';
import { getService } from '../../services';

const DEMO_PAGES = ['/', '/', '/', '/submit', '/writory-wall', '/articles', '/leaderboard', '/about', '/contact', '/winning-poems'];
const DEMO_MESSAGES = [
  {
    name: 'Ravi Kumar',
    email: 'ravi@example.com',
    subject: 'Can I enter two poems?',
    message: 'Hello! Is it fine to send two poems in one month, or should I choose my best one?',
  },
  {
    name: 'Sofía Marín',
    email: 'sofia@example.com',
    subject: 'Certificate name',
    message: 'My certificate shows my nickname. Could it show my full name, Sofía Marín Ortega?',
  },
  { name: 'Noor Al-Amin', email: 'noor@example.com', subject: 'سؤال عن المسابقة', message: 'هل يمكنني المشاركة بقصيدة باللغة العربية الفصحى؟' },
];
const DEMO_FEEDBACK = [
  { rating: 5, comment: 'The score card helped me rewrite my poem. Thank you!', page: '/profile' },
  { rating: 4, comment: 'Love the wall. A dark mode would be lovely.', page: '/writory-wall' },
  { rating: 3, comment: '', page: '/submit' },
];

/** A small random walk, the same on every run. */
function seededRandom(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/**
 * Demo data for the admin pages: two weeks of visits (so the dashboard has something to draw), contact
 * messages and poets' feedback. Seeded once, into empty tables.
 */
export async function seedAdminDemo(strapi: Core.Strapi) {
  const { contestTimeZone } = await getService(strapi, 'api::site-setting.site-setting').contestSettings();
  if ((await strapi.db.query('api::visit.visit').count()) === 0) {
    const random = seededRandom(42);
    const now = Date.now();
    const rows = Array.from({ length: 400 }, (_, i) => {
      const visitedAt = new Date(now - Math.floor(random() * 14 * 86_400_000) - 10 * 60_000);
      return {
        visitorId: `demo-visitor-${String(i % 60).padStart(3, '0')}`,
        userType: 'anonymous' as const,
        userId: null,
        page: DEMO_PAGES[Math.floor(random() * DEMO_PAGES.length)],
        device: random() < 0.6 ? ('mobile' as const) : ('desktop' as const),
        day: dayOf(visitedAt, contestTimeZone),
        visitedAt,
      };
    });
    await getService(strapi, 'api::visit.visit').store(rows);
  }
  if ((await strapi.db.query('api::contact-message.contact-message').count()) === 0) {
    for (const message of DEMO_MESSAGES) await strapi.documents('api::contact-message.contact-message').create({ data: message });
  }
  if ((await strapi.db.query('api::feedback.feedback').count()) === 0) {
    const poets = demo.accounts.filter((account) => account.role === 'poet');
    for (const [i, item] of DEMO_FEEDBACK.entries()) {
      const poet = await strapi.db.query('plugin::users-permissions.user').findOne({ where: { firebaseUid: poets[i % poets.length].uid } });
      await strapi.db.query('api::feedback.feedback').create({ data: { ...item, poet: poet?.id ?? null } });
    }
  }
}
