import type { Core } from '@strapi/strapi';
import demo from '@writory/shared/demo-accounts.json';
import { DEFAULT_SETTINGS } from '../../api/site-setting/lib/defaults';
import { roleId, type RoleType } from '../install/roles';
import { DEMO_ARTICLES, DEMO_FAQS, DEMO_PAGES, DEMO_TESTIMONIALS } from './demo-content';
import { addTranslations, DEMO_ARTICLE_TRANSLATIONS, DEMO_FAQ_TRANSLATIONS, DEMO_PAGE_TRANSLATIONS, seedCompetitionTranslations } from './demo-translations';
import { seedDemoContest, seedDemoEntries, seedCompetitionDemoEntries } from './entries';
import { seedDemoNotifications } from './notifications';
import { seedResultsDemo, seedStoryResultsDemo } from './results';
import { seedPayments } from './payments';
import { seedWallDemo } from './wall';
import { seedAdminDemo } from './admin';

/** First-run demo content: settings, testimonials, articles, this month's contest and the demo accounts. */
export async function seedDemoData(strapi: Core.Strapi) {
  await seedOnce(strapi, 'api::site-setting.site-setting', async () => {
    await strapi.documents('api::site-setting.site-setting').create({ data: DEFAULT_SETTINGS });
  });
  await seedOnce(strapi, 'api::testimonial.testimonial', async () => {
    for (const [order, testimonial] of DEMO_TESTIMONIALS.entries()) {
      await strapi.documents('api::testimonial.testimonial').create({ data: { ...testimonial, order }, status: 'published' });
    }
  });
  await seedOnce(strapi, 'api::article.article', async () => {
    const tagIds = new Map<string, string>();
    for (const name of new Set(DEMO_ARTICLES.flatMap((a) => a.tags))) {
      const tag = await strapi.documents('api::tag.tag').create({ data: { name, slug: name } });
      tagIds.set(name, tag.documentId);
    }
    for (const { published, tags, ...article } of DEMO_ARTICLES) {
      const created = await strapi.documents('api::article.article').create({
        data: { ...article, tags: tags.map((name) => tagIds.get(name)!) } as any,
        ...(published ? { status: 'published' } : {}),
      });
      // Each translation under its English article's slug, as an editor's would be: one URL per article.
      const translations = Object.fromEntries(
        Object.entries(DEMO_ARTICLE_TRANSLATIONS[article.slug] ?? {}).map(([locale, data]) => [locale, data && { ...data, slug: article.slug }]),
      );
      await addTranslations(strapi, 'api::article.article', created.documentId, translations, { publish: published });
    }
  });
  await seedOnce(strapi, 'api::faq.faq', async () => {
    for (const [order, faq] of DEMO_FAQS.entries()) {
      const created = await strapi.documents('api::faq.faq').create({ data: { ...faq, order }, status: 'published' });
      const translations = Object.fromEntries(Object.entries(DEMO_FAQ_TRANSLATIONS).map(([locale, faqs]) => [locale, faqs[order]]));
      await addTranslations(strapi, 'api::faq.faq', created.documentId, translations, { publish: true });
    }
  });
  for (const [slug, page] of Object.entries(DEMO_PAGES)) {
    const uid = `api::${slug}-page.${slug}-page` as any;
    await seedOnce(strapi, uid, async () => {
      const created = await strapi.documents(uid).create({ data: page as any });
      await addTranslations(strapi, uid, created.documentId, DEMO_PAGE_TRANSLATIONS[slug]);
    });
  }
  await seedOnce(strapi, 'api::competition.competition-description', () => seedCompetitionTranslations(strapi));
  const contest = await seedDemoContest(strapi);
  await seedDemoUsers(strapi);
  await seedDemoEntries(strapi, contest);
  await seedCompetitionDemoEntries(strapi);
  await seedDemoNotifications(strapi);
  await seedResultsDemo(strapi);
  await seedStoryResultsDemo(strapi);
  await seedPayments(strapi);
  await seedWallDemo(strapi);
  await seedAdminDemo(strapi);
}

async function seedOnce(strapi: Core.Strapi, uid: any, seed: () => Promise<void>) {
  const existing = await strapi.db.query(uid).count();
  if (existing === 0) await seed();
}

const ROLE_OF: Record<string, RoleType> = { poet: 'authenticated', judge: 'judge', moderator: 'moderator', admin: 'admin' };

async function seedDemoUsers(strapi: Core.Strapi) {
  const users = strapi.db.query('plugin::users-permissions.user');
  for (const account of demo.accounts) {
    if (await users.findOne({ where: { firebaseUid: account.uid } })) continue;
    await users.create({
      data: {
        username: account.uid,
        email: account.email,
        provider: 'firebase',
        confirmed: true,
        blocked: false,
        firebaseUid: account.uid,
        name: account.name,
        phone: account.phone,
        dateOfBirth: account.dateOfBirth,
        emailVerified: true,
        role: await roleId(strapi, ROLE_OF[account.role]),
      },
    });
  }
}
