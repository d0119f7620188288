// Competitions (issue 37): the three seeded on every install, their public list and pages, an admin creating and
// changing one (validated: criteria total 100, a slug in use is 409, a slug never changes), and each competition's
// own monthly contest beside poetry's.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { competitionDetailSchema, competitionListSchema, POETRY_CRITERIA, REGIONAL_LANGUAGE_CODES, STORY_CRITERIA } from '@writory/shared';
import type { EmulatorUser } from './helpers/auth-emulator';
import { startCmsWithAuth, type CmsWithAuth } from './helpers/cms-with-auth';
import { bearer, entryClient, HOUR, month } from './helpers/entries';
import { makeDocx } from './helpers/poem-files';
import { seedCompetitionDemoEntries } from '../src/seed/demo/entries';

describe('competitions', () => {
  let stack: CmsWithAuth;
  let api: ReturnType<typeof supertest>;
  let admin: EmulatorUser;
  let poet: EmulatorUser;
  let hook: Server;
  /** The site's rebuild hook: how many times the cms asked the site to rebuild. */
  let rebuilds = 0;

  const haiku = {
    slug: 'haiku',
    name: 'Haiku',
    kind: 'poem',
    tagline: 'Three lines.',
    languages: ['en', 'Hindi'],
    criteria: [
      { name: 'Image', max: 50 },
      { name: 'Cut', max: 50 },
    ],
    maxWords: null,
    freeEntriesPerMonth: 2,
    active: true,
  };

  beforeAll(async () => {
    hook = createServer((_req, res) => {
      rebuilds += 1;
      res.writeHead(202).end();
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    stack = await startCmsWithAuth({ SITE_REBUILD_URL: `http://127.0.0.1:${(hook.address() as AddressInfo).port}/__rebuild`, SITE_REBUILD_TOKEN: 't' });
    api = stack.cms.api;
    const client = entryClient(api, stack.emulator, stack.cms.strapi);
    admin = await client.account('competitions-admin', { role: 'admin' });
    poet = await client.account('competitions-poet');
  });

  afterAll(async () => {
    await stack?.stop();
    await new Promise((resolve) => hook?.close(resolve));
  });

  it('lists the three seeded competitions in order, each with this month’s contest', async () => {
    const res = await api.get('/api/competitions').expect(200);
    // Only the seeded three: the competitions other tests of this file create may be listed too, in any order of tests.
    const seeded = ['poetry', 'story', 'regional-languages'];
    const data = competitionListSchema.parse(res.body).data.filter((c) => seeded.includes(c.slug));
    expect(data.map((c) => c.slug)).toEqual(['poetry', 'story', 'regional-languages']);
    const [poetry, story, regional] = data;
    expect(poetry!.criteria).toEqual(POETRY_CRITERIA);
    expect(poetry!.languages).toEqual([]);
    expect(story!).toMatchObject({ kind: 'story', criteria: STORY_CRITERIA, limits: { maxWords: 5000 } });
    expect(regional!.languages).toEqual(REGIONAL_LANGUAGE_CODES);
    for (const competition of data) {
      expect(competition.current?.month).toBe(month());
      expect(['upcoming', 'open', 'judging', 'published']).toContain(competition.current?.status);
    }
  });

  it('gives a competition’s page, and 404 naming the competitions for an unknown slug', async () => {
    const res = await api.get('/api/competitions/story').expect(200);
    const story = competitionDetailSchema.parse(res.body);
    expect(story.description).toMatch(/story/i);
    expect(story.pastMonths).toEqual([]);
    const unknown = await api.get('/api/competitions/limericks').expect(404);
    // Names every active competition: another test of this file may have added one (haiku) before this one runs.
    const message: string = unknown.body.error.message;
    expect(message).toMatch(/^There is no competition "limericks"\. Choose one of: [a-z-]+(, [a-z-]+)*\.$/);
    const named = message
      .replace(/^.*Choose one of: /, '')
      .replace(/\.$/, '')
      .split(', ');
    expect(named.filter((slug) => ['poetry', 'story', 'regional-languages'].includes(slug))).toEqual(['poetry', 'story', 'regional-languages']);
    await api.get('/api/competitions/Not%20A%20Slug').expect(404);
  });

  it('lets an admin create a competition, with its languages read as codes', async () => {
    const res = await api.post('/api/admin/competitions').set(bearer(admin)).send(haiku).expect(201);
    expect(res.body).toMatchObject({
      slug: 'haiku',
      languages: ['en', 'hi'],
      limits: { maxWords: null, freeEntriesPerMonth: 2 },
      description: '',
      rewards: '',
    });
    const list = await api.get('/api/competitions').expect(200);
    expect(list.body.data.map((c: { slug: string }) => c.slug)).toContain('haiku');
  });

  it('refuses a slug in use with 409', async () => {
    const res = await api
      .post('/api/admin/competitions')
      .set(bearer(admin))
      .send({ ...haiku, slug: 'story' })
      .expect(409);
    expect(res.body.error.message).toMatch(/"story" is already a competition's/);
  });

  it('refuses criteria that do not total 100, and a bad slug, with 422 saying why', async () => {
    const bad = await api
      .post('/api/admin/competitions')
      .set(bearer(admin))
      .send({
        ...haiku,
        slug: 'tanka',
        criteria: [
          { name: 'Image', max: 50 },
          { name: 'Cut', max: 40 },
        ],
      })
      .expect(422);
    expect(bad.body.error.message).toBe("criteria: the criteria's points must total 100 (they total 90)");
    await api
      .post('/api/admin/competitions')
      .set(bearer(admin))
      .send({ ...haiku, slug: 'Tanka Poems' })
      .expect(422);
    await api
      .post('/api/admin/competitions')
      .set(bearer(admin))
      .send({ ...haiku, slug: 'tanka', maxWords: 50 })
      .expect(422);
  });

  it('lets an admin change a competition but never its slug, and 404 for an unknown one', async () => {
    const story = (await api.get('/api/competitions/story').expect(200)).body;
    const input = {
      slug: 'story',
      name: story.name,
      kind: 'story',
      tagline: story.tagline,
      languages: [],
      criteria: story.criteria,
      maxWords: 3000,
      freeEntriesPerMonth: 3,
      active: true,
      rewards: 'A book token for the winner.',
    };
    const res = await api.put('/api/admin/competitions/story').set(bearer(admin)).send(input).expect(200);
    expect(res.body).toMatchObject({ limits: { maxWords: 3000 }, rewards: 'A book token for the winner.', description: story.description });
    const renamed = await api
      .put('/api/admin/competitions/story')
      .set(bearer(admin))
      .send({ ...input, slug: 'stories' })
      .expect(422);
    expect(renamed.body.error.message).toMatch(/slug cannot change/);
    await api
      .put('/api/admin/competitions/limericks')
      .set(bearer(admin))
      .send({ ...input, slug: 'limericks' })
      .expect(404);
    await api
      .put('/api/admin/competitions/story')
      .set(bearer(admin))
      .send({ ...input, maxWords: 5000 })
      .expect(200);
  });

  it('keeps an inactive competition off the list, its page still answering', async () => {
    // A competition of this test's own: the tests of this file run in any order.
    const waka = { ...haiku, slug: 'waka' };
    const beforeMade = rebuilds;
    await api.post('/api/admin/competitions').set(bearer(admin)).send(waka).expect(201);
    // Its making asks for a rebuild of its own: counted before the change this test is about.
    await vi.waitFor(() => expect(rebuilds).toBeGreaterThan(beforeMade), { timeout: 5_000 });
    const before = rebuilds;
    await api
      .put('/api/admin/competitions/waka')
      .set(bearer(admin))
      .send({ ...waka, active: false })
      .expect(200);
    const list = await api.get('/api/competitions').expect(200);
    expect(list.body.data.map((c: { slug: string }) => c.slug)).not.toContain('waka');
    const page = await api.get('/api/competitions/waka').expect(200);
    expect(page.body).toMatchObject({ current: null, active: false });
    // The site is asked to rebuild, so /submit and the footer stop offering it.
    await vi.waitFor(() => expect(rebuilds).toBeGreaterThan(before), { timeout: 5_000 });
  });

  it('asks for no site rebuild when a save changes nothing (the form saved as it was)', async () => {
    // A competition of this test's own: the tests of this file run in any order.
    const renga = { ...haiku, slug: 'renga' };
    const beforeMade = rebuilds;
    await api.post('/api/admin/competitions').set(bearer(admin)).send(renga).expect(201);
    await vi.waitFor(() => expect(rebuilds).toBeGreaterThan(beforeMade), { timeout: 5_000 });
    const before = rebuilds;
    await api.put('/api/admin/competitions/renga').set(bearer(admin)).send(renga).expect(200);
    // The cms tells the site half a second after a change: three times that, and still no request.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(rebuilds).toBe(before);
    // A real change still asks for one.
    await api
      .put('/api/admin/competitions/renga')
      .set(bearer(admin))
      .send({ ...renga, tagline: 'Linked verses, one poet after another.' })
      .expect(200);
    await vi.waitFor(() => expect(rebuilds).toBeGreaterThan(before), { timeout: 5_000 });
  });

  it('lists every competition for admins, inactive ones too, with whether each is active', async () => {
    // A competition of this test's own (the tests of this file run in any order), made inactive.
    const senryu = { ...haiku, slug: 'senryu' };
    await api.post('/api/admin/competitions').set(bearer(admin)).send(senryu).expect(201);
    await api
      .put('/api/admin/competitions/senryu')
      .set(bearer(admin))
      .send({ ...senryu, active: false })
      .expect(200);
    const res = await api.get('/api/admin/competitions').set(bearer(admin)).expect(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const rows: { slug: string; active: boolean }[] = res.body.data;
    for (const slug of ['poetry', 'story', 'regional-languages']) expect(rows.find((row) => row.slug === slug)?.active, slug).toBe(true);
    expect(rows.find((row) => row.slug === 'senryu')).toMatchObject({ active: false, criteria: senryu.criteria });
    await api.get('/api/admin/competitions').set(bearer(poet)).expect(403);
  });

  it('gives each competition its own contest of the month beside poetry’s', async () => {
    const poetry = await api.get('/api/contests/current').expect(200);
    const story = await api.get('/api/contests/current?competition=story').expect(200);
    expect(story.body.current?.month ?? story.body.next.month).toBeTruthy();
    const theme = await api.put(`/api/admin/contests/${month()}?competition=story`).set(bearer(admin)).send({ theme: 'Crossings' }).expect(200);
    expect(theme.body.theme).toBe('Crossings');
    const inBody = await api.put(`/api/admin/contests/${month()}`).set(bearer(admin)).send({ competition: 'story', theme: 'Bridges' }).expect(200);
    expect(inBody.body.theme).toBe('Bridges');
    const poetryAgain = await api.get('/api/contests/current').expect(200);
    expect(poetryAgain.body.current?.theme ?? null).toBe(poetry.body.current?.theme ?? null);
    const admins = await api.get('/api/admin/contests?competition=story').set(bearer(admin)).expect(200);
    expect(admins.body.contests.find((c: { month: string }) => c.month === month())?.theme).toBe('Bridges');
    await api.get('/api/contests/current?competition=limericks').expect(404);
    await api.get('/api/contests/current?competition=Bad!').expect(422);
  });

  it('reads winners per competition: poetry’s by default, none yet for the story', async () => {
    const poetry = await api.get('/api/winners').expect(200);
    const named = await api.get('/api/winners?competition=poetry').expect(200);
    expect(named.body).toEqual(poetry.body);
    await api.get('/api/winners?competition=story').expect(200, { months: [] });
  });

  it('seeds demo entries in several scripts for npm start, once', async () => {
    const strapi = stack.cms.strapi;
    const environment = process.env.NODE_ENV;
    process.env.NODE_ENV = 'development';
    try {
      await seedCompetitionDemoEntries(strapi);
      await seedCompetitionDemoEntries(strapi);
    } finally {
      process.env.NODE_ENV = environment;
    }
    const rows: { language: string; text: string; contest: { competitionSlug: string } }[] = await strapi.db
      .query('api::entry.entry')
      .findMany({ where: { idempotencyKey: { $contains: ':demo-' } }, populate: { contest: { select: ['competitionSlug'] } } });
    const byCompetition = (slug: string) => rows.filter((row) => row.contest.competitionSlug === slug);
    expect(
      byCompetition('regional-languages')
        .map((row) => row.language)
        .sort(),
    ).toEqual(['Bengali', 'Hindi', 'Tamil', 'Urdu']);
    expect(byCompetition('regional-languages').find((row) => row.language === 'Tamil')?.text).toContain('வாசலில் மழை நிற்கிறது');
    const [story] = byCompetition('story');
    expect(story?.text.split(/\n\s*\n/).length).toBe(4);
  });

  describe('entering a competition', () => {
    let client: ReturnType<typeof entryClient>;
    let poet: EmulatorUser;
    const story = (words: number) =>
      makeDocx(Array.from({ length: 4 }, (_, p) => Array.from({ length: words / 4 }, (_, i) => `word${p}x${i}`).join(' ')).join('\n\n'));

    /** Opens this month's contest of a competition now, as an admin would. */
    const open = (slug: string) =>
      api
        .put(`/api/admin/contests/${month()}?competition=${slug}`)
        .set(bearer(admin))
        .send({
          opensAt: new Date(Date.now() - HOUR).toISOString(),
          closesAt: new Date(Date.now() + 48 * HOUR).toISOString(),
          resultsAt: new Date(Date.now() + 96 * HOUR).toISOString(),
        })
        .expect(200);

    /** Check the text, then enter, both in `competition`. */
    async function enterIn(competition: string, bytes: Buffer, fields: Record<string, string> = {}) {
      const preview = await client.preview(poet, { bytes, name: 'entry.docx' }, { fullName: 'Mira Okafor', phone: '+44 7700 900123', competition });
      const sha = preview.status === 200 ? preview.body.textSha256 : '0'.repeat(64);
      return { preview, entry: await client.enter(poet, { poem: { bytes, name: 'entry.docx' }, fields: { competition, ...fields }, sha }) };
    }

    beforeAll(async () => {
      client = entryClient(api, stack.emulator, stack.cms.strapi);
      poet = await client.account('competitor');
      await open('story');
      await open('regional-languages');
    });

    it('refuses a story over the word limit at the check and at the entry, with the counts', async () => {
      const { preview, entry } = await enterIn('story', await story(5200), { language: 'English' });
      expect(preview.status).toBe(422);
      expect(preview.body.error.message).toBe(
        'Your story has 5,200 words; the Story competition takes at most 5,000. Shorten it by 200 words, then check the text again.',
      );
      expect(entry.status).toBe(422);
      expect(entry.body.error.message).toMatch(/^Your story has 5,200 words; the Story competition takes at most 5,000\./);
    });

    it('takes a story within the limit, keeps its paragraphs and names the competition on the receipt and the profile', async () => {
      const { preview, entry } = await enterIn('story', await story(400), { title: 'Four Rooms', language: 'English' });
      expect(preview.status).toBe(200);
      expect(preview.body.text.split(/\n\s*\n/).length).toBe(4);
      expect(entry.status).toBe(201);
      expect(entry.body.competition).toEqual({ slug: 'story', name: 'Story' });
      const mine = await api.get('/api/entries/mine').set(bearer(poet)).expect(200);
      expect(mine.body.find((row: { code: string }) => row.code === entry.body.code)?.competition).toEqual({ slug: 'story', name: 'Story' });
      const note = await stack.cms.strapi.db.query('api::notification.notification').findOne({ where: { message: { $contains: entry.body.code } } });
      expect(note?.message).toContain(`is entered in the Writory Story Competition, `);
    });

    it('refuses a language the competition does not take, naming the ones it does', async () => {
      const bytes = await makeDocx('Une porte\nsur la mer');
      const { preview, entry } = await enterIn('regional-languages', bytes, { language: 'French' });
      expect(preview.status).toBe(200);
      expect(entry.status).toBe(422);
      expect(entry.body.error.message).toBe(
        'The Regional Languages competition takes poems in Hindi, Bengali, Marathi, Tamil, Telugu, Gujarati, Kannada, Malayalam, Punjabi, Odia, Urdu and Assamese; “French” is not one of them. Choose one of these languages, or enter the Poetry competition, which takes any language.',
      );
      const checked = await client.preview(poet, { bytes, name: 'entry.docx' }, { fullName: 'Mira Okafor', competition: 'regional-languages', language: 'fr' });
      expect(checked.status).toBe(422);
    });

    it('counts entries and free entries per competition', async () => {
      const { entry } = await enterIn('regional-languages', await makeDocx('வாசலில் மழை நிற்கிறது\nஉள்ளே வர தயங்கி'), { title: 'மழை', language: 'ta' });
      expect(entry.status).toBe(201);
      expect(entry.body.competition).toEqual({ slug: 'regional-languages', name: 'Regional Languages' });
      const regional = await api.get('/api/entries/allowance?competition=regional-languages').set(bearer(poet)).expect(200);
      expect(regional.body).toMatchObject({ competition: { slug: 'regional-languages' }, used: 1 });
      const poetry = await api.get('/api/entries/allowance').set(bearer(poet)).expect(200);
      expect(poetry.body).toMatchObject({ competition: { slug: 'poetry' }, used: 0 });
      await api.get('/api/entries/allowance?competition=limericks').set(bearer(poet)).expect(404);
    });
  });
});
