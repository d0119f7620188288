import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressPerTest } from './helpers/client-address';
import { startTestCms, type TestCms } from './helpers/strapi';

let cms: TestCms;
beforeAll(async () => {
  cms = await startTestCms({ CONTACT_MESSAGES_PER_MINUTE: '4' });
});
afterAll(async () => {
  await cms?.stop();
});

describe('articles', () => {
  it('lists published articles newest first, never drafts, with pagination', async () => {
    const res = await cms.api.get('/api/articles').expect(200);
    expect(res.body.pagination).toEqual({ page: 1, pageSize: 12, total: 3, pageCount: 1 });
    const slugs = res.body.articles.map((a: { slug: string }) => a.slug);
    expect(slugs).not.toContain('draft-next-months-theme');
    const dates = res.body.articles.map((a: { publishedAt: string }) => a.publishedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(res.body.articles[0]).toMatchObject({ readingMinutes: 1, tags: expect.any(Array) });
  });

  it('pages and filters by tag', async () => {
    const page2 = await cms.api.get('/api/articles?page=2&pageSize=2').expect(200);
    expect(page2.body.articles).toHaveLength(1);
    expect(page2.body.pagination.pageCount).toBe(2);
    const judging = await cms.api.get('/api/articles?tag=judging').expect(200);
    expect(judging.body.articles.map((a: { slug: string }) => a.slug)).toEqual(['how-writory-judges-a-poem']);
  });

  it('lists articles with their bodies for the site build (include=body)', async () => {
    const res = await cms.api.get('/api/articles?pageSize=100&include=body').expect(200);
    expect(res.body.articles).toHaveLength(3);
    for (const article of res.body.articles) expect(article.body.length).toBeGreaterThan(0);
    const one = await cms.api.get(`/api/articles/${res.body.articles[0].slug}`).expect(200);
    expect(res.body.articles[0]).toEqual(one.body);
    const plain = await cms.api.get('/api/articles').expect(200);
    expect(plain.body.articles[0].body).toBeUndefined();
  });

  it('returns one article with its body', async () => {
    const res = await cms.api.get('/api/articles/how-writory-judges-a-poem').expect(200);
    expect(res.body.title).toBe('How Writory judges a poem');
    expect(res.body.body[0].type).toBe('paragraph');
  });

  // One URL per article in every locale (issue 39): a translation written without a slug of its own (the demo's,
  // one made through the documents API) is served under its English article's slug, in the list and alone.
  it.each(['hi', 'ar'])('serves the demo’s %s article under its English slug, in the list and alone', async (locale) => {
    const english = (await cms.api.get('/api/articles?pageSize=100&include=body').expect(200)).body;
    const list = (await cms.api.get(`/api/articles?pageSize=100&include=body&locale=${locale}`).expect(200)).body;
    expect(list.articles.map((a: { slug: string }) => a.slug)).toEqual(english.articles.map((a: { slug: string }) => a.slug));
    const translated = list.articles.filter((a: { fallback: boolean }) => !a.fallback);
    expect(translated).toEqual([expect.objectContaining({ slug: 'writing-in-your-first-language', locale })]);
    expect(translated[0].title).not.toBe('Writing in your first language');
    const alone = (await cms.api.get(`/api/articles/writing-in-your-first-language?locale=${locale}`).expect(200)).body;
    expect(alone).toEqual(translated[0]);
    // The demo writes the translation with that slug, as an editor would see it in the panel.
    const stored = await cms.strapi.documents('api::article.article').findFirst({ locale, filters: { title: translated[0].title } });
    expect(stored?.slug).toBe('writing-in-your-first-language');
    const untranslated = (await cms.api.get(`/api/articles/how-writory-judges-a-poem?locale=${locale}`).expect(200)).body;
    expect(untranslated).toMatchObject({ slug: 'how-writory-judges-a-poem', title: 'How Writory judges a poem', locale: 'en', fallback: true });
  });

  it.each([
    ['/api/articles/draft-next-months-theme', 404, /draft-next-months-theme/],
    ['/api/articles/no-such-article', 404, /No published article/],
    ['/api/articles?page=0', 422, /^page:/],
    ['/api/articles?pageSize=1000', 422, /^pageSize:/],
    ['/api/articles?tag=%3Cscript%3E', 422, /^tag: must be a tag slug/],
    ['/api/articles?include=everything', 422, /^include: must be "body"/],
  ])('GET %s answers %i naming the problem', async (path, status, message) => {
    const res = await cms.api.get(path).expect(status);
    expect(res.body.error.status).toBe(status);
    expect(res.body.error.message).toMatch(message);
  });
});

describe('pages and FAQ', () => {
  it.each(['about', 'terms', 'privacy'])('serves the editable %s page', async (slug) => {
    const res = await cms.api.get(`/api/pages/${slug}`).expect(200);
    expect(res.body.slug).toBe(slug);
    expect(res.body.body.length).toBeGreaterThan(0);
  });

  it('refuses an unknown page', async () => {
    const res = await cms.api.get('/api/pages/secrets').expect(422);
    expect(res.body.error.message).toMatch(/^slug: must be one of about, terms, privacy/);
  });

  it('serves published FAQ entries in order', async () => {
    const res = await cms.api.get('/api/faqs').expect(200);
    expect(res.body[0].question).toBe('When are results announced?');
  });
});

describe('hot public reads answered from memory (config/public-cache.ts)', () => {
  const SITE = 'http://localhost:4321';
  const HEADERS = [
    'content-type',
    'cache-control',
    'x-content-type-options',
    'x-frame-options',
    'content-security-policy',
    'vary',
    'access-control-allow-origin',
    'access-control-allow-credentials',
  ];

  it('replays the full stack’s headers: cache, security and CORS for the caller’s origin', async () => {
    const first = await cms.api.get('/api/users/count').set('Origin', SITE).expect(200);
    const again = await cms.api.get('/api/users/count').set('Origin', SITE).expect(200);
    expect(again.body).toEqual(first.body);
    for (const name of HEADERS) expect(again.headers[name], name).toBe(first.headers[name]);
    expect(again.headers['x-content-type-options']).toBe('nosniff');
    expect(again.headers['cache-control']).toBe('public, max-age=10');
    expect(again.headers['access-control-allow-origin']).toBe(SITE);
    const stranger = await cms.api.get('/api/users/count').set('Origin', 'https://elsewhere.example').expect(200);
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
    const noOrigin = await cms.api.get('/api/users/count').expect(200);
    expect(noOrigin.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves a changed testimonial at once: editing it drops the cached list', async () => {
    const before = await cms.api.get('/api/testimonials').expect(200);
    const documents = cms.strapi.documents('api::testimonial.testimonial');
    const first = before.body[0];
    await documents.update({ documentId: first.id, data: { message: 'Changed for the cache test.' } });
    await documents.publish({ documentId: first.id });
    const after = await cms.api.get('/api/testimonials').expect(200);
    expect(after.body[0].message).toBe('Changed for the cache test.');
    expect(after.headers['cache-control']).toBe('public, max-age=60');
  });
});

describe('contact form', () => {
  const valid = { name: 'Asha', email: 'asha@example.com', subject: 'Entry question', message: 'Hello!\nCan I enter twice?' };
  const messages = () => cms.strapi.db.query('api::contact-message.contact-message').count();
  // Each test writes from an address of its own, so no test inherits another's count towards the per-client limit.
  const client = addressPerTest('192.0.2');
  const post = (body: object) => cms.api.post('/api/contact').set('X-Forwarded-For', client()).send(body);

  it.each([
    [{ ...valid, name: '' }, /^name: is required/],
    [{ ...valid, name: undefined }, /^name: is required/],
    [{ ...valid, email: 'not-an-email' }, /^email: must be a valid email address/],
    [{ ...valid, subject: 'x'.repeat(121) }, /^subject: must be at most 120 characters/],
    [{ ...valid, message: 'x'.repeat(5001) }, /^message: must be at most 5000 characters/],
    [{ ...valid, message: 'Hi' }, /^message: must be at least 20 characters/],
    [{ ...valid, message: `  ${'x'.repeat(19)}  ` }, /^message: must be at least 20 characters/],
    [{ ...valid, name: 'A' }, /^name: must be at least 2 characters/],
    [{ ...valid, subject: '?' }, /^subject: must be at least 3 characters/],
    [{ ...valid, name: 'Bad\u0007Bell' }, /^name: contains control characters/],
  ])('refuses bad input with a 422 naming the field (%#), storing nothing', async (body, message) => {
    const before = await messages();
    const res = await post(body).expect(422);
    expect(res.body.error.message).toMatch(message);
    expect(await messages()).toBe(before);
  });

  it('stores a valid message and answers 201', async () => {
    const before = await messages();
    await post(valid).expect(201, { success: true });
    expect(await messages()).toBe(before + 1);
    const stored = await cms.strapi.db.query('api::contact-message.contact-message').findOne({ orderBy: { id: 'desc' } });
    expect(stored).toMatchObject({ name: 'Asha', email: 'asha@example.com', message: 'Hello!\nCan I enter twice?', readAt: null });
  });

  it('answers a bot that fills the honeypot like a person, but keeps nothing', async () => {
    const before = await messages();
    await post({ ...valid, website: 'http://spam.example' }).expect(201);
    expect(await messages()).toBe(before);
  });

  it('behind a trusted proxy (loopback by default), counts the address the proxy saw, whatever the client wrote in X-Forwarded-For', async () => {
    const viaProxy = (forwardedFor: string) => cms.api.post('/api/contact').set('X-Forwarded-For', forwardedFor).send(valid);
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await viaProxy(`198.51.100.${i}, 203.0.113.7`)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 429]);
    expect((await viaProxy('203.0.113.7, 203.0.113.8')).status).toBe(201);
  });

  it('limits messages per client with a 429 that says when to retry', async () => {
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await post(valid));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 429]);
    const res = answers[4];
    expect(res.body.error.message).toMatch(/Too many messages from this connection\. Try again in (\d+ seconds|1 minute)\./);
  });
});
