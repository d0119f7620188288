// Editors' content in Hindi and Arabic (issue 39), on SQLite and on PostgreSQL: a database from before translations
// (its content without a locale, Strapi's stored schema without i18n) boots on this cms with every page reading as
// before, in English; then the public reads take ?locale=, serve an editor's translation made in the panel's
// Content Manager and otherwise the English marked `fallback: true`, and refuse a locale the site does not have.
import { copyFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import demo from '@writory/shared/demo-accounts.json';
import type { Core } from '@strapi/strapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editorsContentInEnglish, localizedTypes } from '../../src/seed/install/content-locales';
import { startTestPostgres, type TestPostgres } from './postgres';
import { SQLITE_TEMPLATE, startTestCms, type TestCms } from './strapi';

const cmsDir = path.resolve(__dirname, '..', '..');
const EDITOR = demo.panelAdmin;
const DESCRIPTION = 'api::competition.competition-description';

/** The reads the site builds its pages from, as a build asks for them (English). */
const PAGES = [
  '/api/pages/about',
  '/api/pages/terms',
  '/api/pages/privacy',
  '/api/faqs',
  '/api/testimonials',
  '/api/articles?pageSize=100&include=body',
  '/api/articles/how-writory-judges-a-poem',
  '/api/competitions',
  '/api/competitions/poetry',
] as const;

const tableOf = (strapi: Core.Strapi, uid: string) => strapi.db.metadata.get(uid as never).tableName;

type StoredAttributes = Record<string, { pluginOptions?: { i18n?: unknown } }>;
type StoredType = { pluginOptions?: { i18n?: unknown }; attributes: StoredAttributes };

/**
 * Turns this cms's database back into the shape it had before translations: rows of the translated types have no
 * locale (and there are no translations), Strapi's stored schema has no i18n on them and no competition
 * translations, the only locale is English, and articles' slugs are unique per state as they were.
 */
async function backToBeforeTranslations(strapi: Core.Strapi): Promise<string[]> {
  const knex = strapi.db.connection;
  const localized = localizedTypes(strapi).filter((uid) => uid !== DESCRIPTION);
  for (const uid of localized) {
    await knex(tableOf(strapi, uid)).whereNot({ locale: 'en' }).delete();
    await knex(tableOf(strapi, uid)).update({ locale: null });
  }
  await knex('i18n_locale').whereNot({ code: 'en' }).delete();
  await knex.raw('drop index if exists articles_slug_per_locale_state');
  await knex.raw('create unique index if not exists articles_slug_per_state on articles (slug, (published_at is null))');
  const descriptions = tableOf(strapi, DESCRIPTION);
  await knex.schema.dropTable(descriptions);

  const stored = (await strapi.store.get({ type: 'strapi', name: 'content_types', key: 'schema' })) as Record<string, StoredType>;
  for (const uid of localized) {
    const type = stored[uid]!;
    delete type.pluginOptions?.i18n;
    for (const attribute of Object.values(type.attributes)) delete attribute.pluginOptions?.i18n;
  }
  delete stored[DESCRIPTION];
  await strapi.store.set({ type: 'strapi', name: 'content_types', key: 'schema', value: stored });
  const row = await knex('strapi_database_schema').first();
  const schema = (typeof row.schema === 'string' ? JSON.parse(row.schema) : row.schema) as { tables: { name: string }[] };
  schema.tables = schema.tables.filter((table) => table.name !== descriptions);
  await knex('strapi_database_schema')
    .where({ id: row.id })
    .update({ schema: JSON.stringify(schema), hash: 'before-translations' });
  return localized;
}

async function rowsByType(strapi: Core.Strapi, uids: string[]): Promise<Record<string, { total: number; english: number }>> {
  const counts: Record<string, { total: number; english: number }> = {};
  for (const uid of uids) {
    const [{ n }] = await strapi.db.connection(tableOf(strapi, uid)).count({ n: '*' });
    const [{ n: english }] = await strapi.db.connection(tableOf(strapi, uid)).where({ locale: 'en' }).count({ n: '*' });
    counts[uid] = { total: Number(n), english: Number(english) };
  }
  return counts;
}

export function contentLocalesSuite(database: 'sqlite' | 'postgres') {
  describe(`editors' content in the site's languages on ${database}`, () => {
    let cms: TestCms | undefined;
    let pg: TestPostgres | undefined;
    const dbFile = `.tmp/content-locales-${process.pid}-${Date.now()}.db`;
    const answersBefore: Record<string, unknown> = {};
    let translatedTypes: string[] = [];
    let rowsBefore: Record<string, { total: number; english: number }>;
    let editorToken: string;
    // What the upgraded install holds and answers before any test changes it: the tests run in any order, and some
    // add translations or take a row's locale away.
    let rowsAfter: Record<string, { total: number; english: number }>;
    let notEnglishAfter: Record<string, number>;
    let localeCodes: string[];
    const untranslatedAnswers: Record<string, { privacy: unknown; faqs: unknown[]; poetry: unknown; english: unknown }> = {};

    const api = () => cms!.api;
    const panel = (method: 'get' | 'post' | 'put', url: string) => api()[method](url).set('Authorization', `Bearer ${editorToken}`);

    afterAll(async () => {
      await cms?.stop();
      await pg?.stop();
      for (const suffix of ['', '-wal', '-shm']) rmSync(path.join(cmsDir, dbFile + suffix), { force: true });
    });

    // Two boots: longer than a test, as long as a hook may take.
    beforeAll(async () => {
      let env: Record<string, string>;
      if (database === 'postgres') {
        pg = await startTestPostgres({ withSchema: true });
        env = pg.env;
      } else {
        const template = process.env[SQLITE_TEMPLATE];
        if (template) copyFileSync(template, path.join(cmsDir, dbFile));
        env = { DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: dbFile };
      }
      // The panel's editor (an editor account needs an owner first).
      const owner = demo.panelOwner;
      env = {
        ...env,
        STRAPI_ADMIN_EMAIL: owner.email,
        STRAPI_ADMIN_PASSWORD: owner.password,
        STRAPI_EDITOR_EMAIL: EDITOR.email,
        STRAPI_EDITOR_PASSWORD: EDITOR.password,
      };
      cms = await startTestCms(env);
      for (const page of PAGES) answersBefore[page] = (await api().get(page).expect(200)).body;
      translatedTypes = await backToBeforeTranslations(cms.strapi);
      rowsBefore = await rowsByType(cms.strapi, translatedTypes);
      await cms.stop();
      cms = undefined;
      // The demo's first-run content is already there: this boot seeds nothing (as an upgraded install).
      cms = await startTestCms({ ...env, WRITORY_DEMO_DATA: 'false' });
      editorToken = (await api().post('/admin/login').send({ email: EDITOR.email, password: EDITOR.password }).expect(200)).body.data.token;
      const strapi = cms.strapi;
      rowsAfter = await rowsByType(strapi, translatedTypes);
      notEnglishAfter = await editorsContentInEnglish(strapi);
      localeCodes = (await strapi.db.connection('i18n_locale').select('code')).map((row: { code: string }) => row.code).sort();
      const english = (await api().get('/api/pages/privacy').expect(200)).body;
      for (const locale of ['hi', 'ar']) {
        untranslatedAnswers[locale] = {
          english,
          privacy: (await api().get(`/api/pages/privacy?locale=${locale}`).expect(200)).body,
          faqs: (await api().get(`/api/faqs?locale=${locale}`).expect(200)).body,
          poetry: (await api().get(`/api/competitions/poetry?locale=${locale}`).expect(200)).body,
        };
      }
    });

    it('had content of every translated type, none of it in a locale', () => {
      expect(translatedTypes.sort()).toEqual(
        [
          'api::about-page.about-page',
          'api::article.article',
          'api::faq.faq',
          'api::privacy-page.privacy-page',
          'api::terms-page.terms-page',
          'api::testimonial.testimonial',
        ].sort(),
      );
      for (const uid of translatedTypes) {
        expect(rowsBefore[uid]!.total, uid).toBeGreaterThan(0);
        expect(rowsBefore[uid]!.english, uid).toBe(0);
      }
    });

    it('makes every row from before English, losing none, and runs once', () => {
      for (const uid of translatedTypes) expect(rowsAfter[uid], uid).toEqual({ total: rowsBefore[uid]!.total, english: rowsBefore[uid]!.total });
      expect(notEnglishAfter).toEqual({});
      expect(localeCodes).toEqual(['ar', 'en', 'hi']);
    });

    it('reads every page as it read before, in English', async () => {
      for (const page of PAGES) expect((await api().get(page).expect(200)).body, page).toEqual(answersBefore[page]);
      expect((await api().get('/api/pages/about').expect(200)).body).toMatchObject({ locale: 'en', fallback: false });
    });

    it('makes English a row a restored dump left without a locale', async () => {
      const strapi = cms!.strapi;
      await strapi.db.connection(tableOf(strapi, 'api::privacy-page.privacy-page')).update({ locale: null });
      expect(await editorsContentInEnglish(strapi)).toEqual({ 'api::privacy-page.privacy-page': 1 });
      expect((await api().get('/api/pages/privacy').expect(200)).body).toEqual(answersBefore['/api/pages/privacy']);
    });

    it('serves the English marked fallback where there is no translation yet', () => {
      for (const locale of ['hi', 'ar']) {
        const { english, privacy, faqs, poetry } = untranslatedAnswers[locale]!;
        expect(privacy).toEqual({ ...(english as object), locale: 'en', fallback: true });
        expect(faqs.length).toBeGreaterThan(0);
        for (const faq of faqs) expect(faq).toMatchObject({ locale: 'en', fallback: true });
        expect(poetry).toMatchObject({
          locale: 'en',
          fallback: true,
          description: (answersBefore['/api/competitions/poetry'] as { description: string }).description,
        });
      }
    });

    it.each([
      '/api/pages/about?locale=fr',
      '/api/faqs?locale=xx',
      '/api/testimonials?locale=HI',
      '/api/articles?locale=de',
      '/api/articles/how-writory-judges-a-poem?locale=ur',
      '/api/competitions?locale=es',
      '/api/competitions/poetry?locale=zh',
    ])('refuses %s with a 422 naming locale', async (url) => {
      const res = await api().get(url).expect(422);
      expect(res.body.error.message).toMatch(/^locale: /);
      expect(res.body.error.details.errors[0].path).toEqual(['locale']);
    });

    it("serves an editor's Hindi page written in the panel's Content Manager, and the English still to Arabic readers", async () => {
      const single = '/content-manager/single-types/api::terms-page.terms-page';
      const body = [{ type: 'paragraph', children: [{ type: 'text', text: 'प्रविष्टि भेजकर आप इन शर्तों को स्वीकार करते हैं।' }] }];
      await panel('put', `${single}?locale=hi`).send({ title: 'शर्तें', intro: 'Writory पर भाग लेने के नियम।', body }).expect(200);
      const hindi = (await api().get('/api/pages/terms?locale=hi').expect(200)).body;
      expect(hindi).toMatchObject({ slug: 'terms', title: 'शर्तें', intro: 'Writory पर भाग लेने के नियम।', body, locale: 'hi', fallback: false });
      const english = (await api().get('/api/pages/terms').expect(200)).body;
      expect(english).toEqual(answersBefore['/api/pages/terms']);
      expect((await api().get('/api/pages/terms?locale=ar').expect(200)).body).toEqual({ ...english, locale: 'en', fallback: true });
    });

    it("serves an editor's published Arabic question in the English order, the rest in English, and drops the cached list at once", async () => {
      const english: { id: string; question: string }[] = (await api().get('/api/faqs').expect(200)).body;
      expect((await api().get('/api/faqs?locale=ar').expect(200)).body[1]).toMatchObject({ fallback: true });
      const collection = '/content-manager/collection-types/api::faq.faq';
      const target = english[1]!;
      await panel('put', `${collection}/${target.id}?locale=ar`)
        .send({ question: 'كيف أرسل قصيدتي؟', answer: 'من صفحة الإرسال.', keywords: 'إرسال' })
        .expect(200);
      // A draft is not served.
      expect((await api().get('/api/faqs?locale=ar').expect(200)).body[1]).toMatchObject({ id: target.id, locale: 'en', fallback: true });
      await panel('post', `${collection}/${target.id}/actions/publish?locale=ar`).send({}).expect(200);
      const arabic: { id: string; question: string; locale: string; fallback: boolean }[] = (await api().get('/api/faqs?locale=ar').expect(200)).body;
      expect(arabic.map((faq) => faq.id)).toEqual(english.map((faq) => faq.id));
      expect(arabic[1]).toMatchObject({ id: target.id, question: 'كيف أرسل قصيدتي؟', answer: 'من صفحة الإرسال.', locale: 'ar', fallback: false });
      expect(arabic[0]).toMatchObject({ question: english[0]!.question, locale: 'en', fallback: true });
      expect((await api().get('/api/faqs').expect(200)).body).toEqual(english);
    });

    it("serves an editor's Hindi article under the same slug, beside the English ones", async () => {
      const slug = 'how-writory-judges-a-poem';
      const found = (await panel('get', `/content-manager/collection-types/api::article.article?filters[slug][$eq]=${slug}`).expect(200)).body;
      const documentId = found.results[0].documentId;
      const collection = '/content-manager/collection-types/api::article.article';
      const body = [{ type: 'paragraph', children: [{ type: 'text', text: 'हर कविता को तीन निर्णायक बिना नाम के पढ़ते हैं।' }] }];
      await panel('put', `${collection}/${documentId}?locale=hi`)
        .send({ title: 'Writory कविता को कैसे परखता है', excerpt: 'निर्णय की पूरी राह।', slug, body })
        .expect(200);
      await panel('post', `${collection}/${documentId}/actions/publish?locale=hi`).send({}).expect(200);

      const hindi = (await api().get(`/api/articles/${slug}?locale=hi`).expect(200)).body;
      expect(hindi).toMatchObject({ slug, title: 'Writory कविता को कैसे परखता है', excerpt: 'निर्णय की पूरी राह।', body, locale: 'hi', fallback: false });
      const list = (await api().get('/api/articles?pageSize=100&include=body&locale=hi').expect(200)).body;
      const englishList = answersBefore['/api/articles?pageSize=100&include=body'] as { articles: { slug: string }[] };
      expect(list.articles.map((a: { slug: string }) => a.slug)).toEqual(englishList.articles.map((a) => a.slug));
      for (const article of list.articles)
        expect(article).toMatchObject(article.slug === slug ? { locale: 'hi', fallback: false } : { locale: 'en', fallback: true });
      expect((await api().get(`/api/articles/${slug}`).expect(200)).body).toEqual(answersBefore[`/api/articles/${slug}`]);
    });

    it("serves an editor's Hindi competition description, keeping what it leaves empty in English", async () => {
      const english = answersBefore['/api/competitions/poetry'] as { tagline: string; description: string };
      await panel('post', `/content-manager/collection-types/${DESCRIPTION}?locale=hi`)
        .send({ competition: 'poetry', description: 'हर महीने एक कविता, महीने के विषय पर, किसी भी भाषा में।' })
        .expect(201);
      const hindi = (await api().get('/api/competitions/poetry?locale=hi').expect(200)).body;
      expect(hindi).toMatchObject({
        slug: 'poetry',
        description: 'हर महीने एक कविता, महीने के विषय पर, किसी भी भाषा में।',
        tagline: english.tagline,
        locale: 'hi',
        fallback: false,
      });
      const list = (await api().get('/api/competitions?locale=hi').expect(200)).body.data;
      expect(list.find((c: { slug: string }) => c.slug === 'poetry')).toMatchObject({ locale: 'hi', fallback: false });
      expect(list.find((c: { slug: string }) => c.slug === 'story')).toMatchObject({ locale: 'en', fallback: true });
      expect((await api().get('/api/competitions/poetry?locale=ar').expect(200)).body).toMatchObject({ description: english.description, fallback: true });
    });
  });
}
