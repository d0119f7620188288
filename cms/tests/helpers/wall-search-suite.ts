// Finding poems on the wall, run on SQLite (FTS5) and on PostgreSQL (full-text search): filters by language and theme
// tag, search of titles and poems in any script (Devanagari and Arabic words found), the same answer and keyset
// pages on both, the index kept in step with every write, bad queries refused, and each filter served by an index.
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCmsOnPostgres } from './cms-on-postgres';
import { plansOf, scansATable } from './query-plan';
import { listening, startTestCms, type TestCms } from './strapi';

const POST = 'api::wall-post.wall-post';
const USER = 'plugin::users-permissions.user';

export function wallSearchSuite(database: 'sqlite' | 'postgres') {
  describe(`finding poems on the wall on ${database}`, () => {
    let cms: TestCms;
    let api: ReturnType<typeof supertest>;
    let stop: () => Promise<void>;
    let seq = 0;
    const service = (name: string) => cms.strapi.service(`api::wall-post.${name}` as never) as any;

    beforeAll(async () => {
      // No cache of public reads: each request reads the database, so a write is seen by the next search.
      const env = { WALL_CACHE_SECONDS: '0' };
      if (database === 'postgres') {
        const stack = await startCmsOnPostgres(env, { auth: false });
        ({ cms, api } = stack);
        stop = stack.stop;
      } else {
        cms = await startTestCms(env);
        api = supertest(await listening(cms));
        stop = () => cms.stop();
      }
    });

    afterAll(async () => {
      await stop?.();
    });

    async function poet() {
      const uid = `search-poet-${++seq}-${Date.now()}`;
      return cms.strapi.db.query(USER).create({ data: { username: uid, firebaseUid: uid, email: `${uid}@writory.test`, emailVerified: true, name: uid } });
    }

    /** A poem shared and approved by a moderator; its id. */
    async function approved(poem: { title: string; text: string; language: string; theme?: string }, approve = true): Promise<number> {
      const post = await service('posts').create(await poet(), poem);
      if (approve) await service('moderation').decide({ id: 0, name: 'Test moderator' }, post.id, { action: 'approve', seen: 'pending' });
      return post.id;
    }

    const wall = (query: Record<string, string | number>) => api.get('/api/wall/posts').query(query);
    const ids = async (query: Record<string, string | number>) => (await wall(query).expect(200)).body.posts.map((post: { id: number }) => post.id);

    /** Every id of a view, following nextCursor one post a page. */
    async function allPages(query: Record<string, string | number>): Promise<number[]> {
      const found: number[] = [];
      let cursor: string | null = null;
      do {
        const res: supertest.Response = await wall(cursor ? { ...query, pageSize: 1, cursor } : { ...query, pageSize: 1 }).expect(200);
        found.push(...res.body.posts.map((post: { id: number }) => post.id));
        cursor = res.body.pagination.nextCursor;
      } while (cursor && found.length < 50);
      return found;
    }

    it('finds a Hindi poem by a Devanagari word of its text and an Arabic one by a word of its title, whole words with their marks', async () => {
      const hindi = await approved({ title: 'रात का गीत', text: 'चाँदनी में नदी बहती है\nकिनारे पर कविता सोती है', language: 'hi' });
      const arabic = await approved({ title: 'القمر فوق البحر', text: 'يا ليلُ\nالصبرُ جميلُ', language: 'ar' });
      const english = await approved({ title: 'River song', text: 'The river sings of moonlight', language: 'en' });

      // The demo poems are on this wall too: each search must find its poem and none of the others.
      const found = async (q: string) => (await ids({ q })).filter((id: number) => [hindi, arabic, english].includes(id));
      expect(await found('नदी')).toEqual([hindi]);
      expect(await found('कविता')).toEqual([hindi]);
      // A vowel sign is part of the word: "कवि" begins "कविता", so it matches; "ता" alone begins no word.
      expect(await found('कवि')).toEqual([hindi]);
      expect(await found('ता')).toEqual([]);
      expect(await found('القمر')).toEqual([arabic]);
      expect(await found('البحر')).toEqual([arabic]);
      // Latin folds case; every word must be there.
      expect(await found('RIVER Moon')).toEqual([english]);
      expect(await found('river नदी')).toEqual([]);
      // Only approved poems are found.
      const waiting = await approved({ title: 'नदी प्रतीक्षा में', text: 'नदी', language: 'hi' }, false);
      expect(await ids({ q: 'प्रतीक्षा' })).not.toContain(waiting);
    });

    it('filters by language and theme tag, alone or with a search, and pages each view by its keys', async () => {
      const lang = database === 'postgres' ? 'ur' : 'fa';
      const a = await approved({ title: 'پہلی نظم', text: 'بارش کی بوند', language: lang, theme: 'nature' });
      const b = await approved({ title: 'دوسری نظم', text: 'بارش اور یاد', language: lang, theme: 'memory' });
      const c = await approved({ title: 'تیسری نظم', text: 'خاموشی', language: lang, theme: 'nature' });
      await approved({ title: 'Rain', text: 'rain and memory', language: 'en', theme: 'memory' });
      await approved({ title: 'Waiting', text: 'بارش', language: lang, theme: 'nature' }, false);

      expect(await allPages({ language: lang })).toEqual([c, b, a]);
      expect(await allPages({ language: lang, theme: 'nature' })).toEqual([c, a]);
      expect(await allPages({ language: lang, q: 'بارش' })).toEqual([b, a]);
      expect(await allPages({ language: lang, sort: 'most-liked', q: 'بارش' })).toEqual([b, a]);
      const res = await wall({ language: lang, theme: 'memory' }).expect(200);
      // The wall's own answer: the same shape with or without filters.
      expect(res.body).toEqual({
        sort: 'newest',
        posts: [expect.objectContaining({ id: b, title: 'دوسری نظم', language: lang, theme: 'memory', excerpt: 'بارش اور یاد', truncated: false, likes: 0 })],
        pagination: { page: 1, pageSize: 20, nextCursor: null },
      });
      expect(Object.keys(res.body.posts[0]).sort()).toEqual(['approvedAt', 'excerpt', 'id', 'language', 'likes', 'poet', 'theme', 'title', 'truncated']);
    });

    it('keeps the index in step: an edit, a hidden poem and a deleted one are found or not at once', async () => {
      const id = await approved({ title: 'Lantern', text: 'a lantern in the orchard', language: 'en' });
      expect(await ids({ q: 'orchard' })).toEqual([id]);
      // An edit in the panel (a direct write to the row) moves the words the index holds.
      await cms.strapi.db.query(POST).update({ where: { id }, data: { text: 'a lantern by the quarry' } });
      expect(await ids({ q: 'orchard' })).toEqual([]);
      expect(await ids({ q: 'quarry' })).toEqual([id]);
      await service('moderation').decide({ id: 0, name: 'Test moderator' }, id, { action: 'hide', seen: 'approved', reason: 'Test.' });
      expect(await ids({ q: 'quarry' })).toEqual([]);
      await service('moderation').decide({ id: 0, name: 'Test moderator' }, id, { action: 'restore', seen: 'hidden' });
      expect(await ids({ q: 'quarry' })).toEqual([id]);
      const row = await cms.strapi.db.query(POST).findOne({ where: { id }, populate: { poet: { select: ['id'] } } });
      await service('posts').remove({ id: row.poet.id }, id);
      expect(await ids({ q: 'quarry lantern' })).toEqual([]);
    });

    it('refuses a search, language or theme it cannot use, naming the field', async () => {
      for (const [query, message] of [
        [{ q: '  !!! ... ' }, 'q: must have a word to look for'],
        [{ q: 'x'.repeat(101) }, 'q: must be at most 100 characters'],
        [{ theme: 'dragons' }, 'theme: must be one of love, nature, loss, hope, faith, home, memory, identity, society, seasons, childhood, humour'],
        [{ language: 'not a language' }, 'language: must be a language tag such as en, hi or ar'],
      ] as const) {
        const res = await wall(query);
        expect(res.status, JSON.stringify(query)).toBe(422);
        expect(res.body.error.message).toBe(message);
      }
      // Query syntax of either database is only words here: quotes, stars and operators find nothing and break nothing.
      await approved({ title: 'Syntax', text: 'NEAR OR AND star', language: 'en' });
      expect((await wall({ q: '"unclosed * NEAR( -x ^y' }).expect(200)).body.posts).toEqual([]);
      expect((await wall({ q: "o'clock & | ! :*" }).expect(200)).body.posts).toEqual([]);
    });

    it('pages a search the same whether its matches are listed (few), read in the newest-order index (SQLite) or tested along the order’s index (many)', async () => {
      const lang = database === 'postgres' ? 'ps' : 'ku';
      const made: number[] = [];
      for (let i = 0; i < 5; i++)
        made.push(await approved({ title: `Lantern ${i}`, text: i % 2 ? 'lantern light' : 'lantern', language: lang, theme: 'home' }));
      // One liked twice, one approved again later: the orders differ from the ids'.
      await cms.strapi.db.query(POST).update({ where: { id: made[1] }, data: { likesCount: 2 } });
      await cms.strapi.db.query(POST).update({ where: { id: made[0] }, data: { approvedAt: new Date(Date.now() + 60_000) } });
      const views: Record<string, string>[] = [
        { q: 'lantern' },
        { q: 'lantern light' },
        { q: 'lantern', sort: 'most-liked' },
        { q: 'lantern', language: lang, theme: 'home' },
      ];
      const listed = [];
      for (const view of views) listed.push(await allPages(view));
      const byPage = async (view: Record<string, string>) => (await ids({ ...view, pageSize: 2, page: 2 })) as number[];
      const listedSecondPages = await Promise.all(views.map(byPage));
      process.env.WALL_LISTED_IDS_MAX = '0';
      process.env.WALL_NEWEST_SEARCH_INDEX = 'false';
      try {
        const walked = [];
        for (const view of views) walked.push(await allPages(view));
        expect(walked).toEqual(listed);
        expect(await Promise.all(views.map(byPage))).toEqual(listedSecondPages);
      } finally {
        delete process.env.WALL_LISTED_IDS_MAX;
        delete process.env.WALL_NEWEST_SEARCH_INDEX;
      }
      expect(listed[0].filter((id) => made.includes(id))).toEqual([made[0], made[4], made[3], made[2], made[1]]);
      expect(listed[1].filter((id) => made.includes(id))).toEqual([made[3], made[1]]);
      expect(listed[2].filter((id) => made.includes(id))[0]).toBe(made[1]);
    });

    it('serves a search and a language page after a cursor from indexes (EXPLAIN, no table scanned)', async () => {
      for (let i = 0; i < 3; i++) await approved({ title: `Indexed ${i}`, text: 'glass harbour', language: 'sw', theme: 'home' });
      if (database === 'postgres') await cms.strapi.db.connection.raw('analyze wall_posts');
      const views = [
        { query: { language: 'sw' }, index: 'wall_posts_public_language' },
        { query: { theme: 'home' }, index: 'wall_posts_public_theme' },
        // A search reads its matches from the full-text index (SQLite: newest first from the newest-order index), then
        // their rows by key (no table scanned).
        { query: { q: ['harbour'] }, index: database === 'postgres' ? 'wall_posts_search' : 'wall_posts_fts_newest' },
        { query: { q: ['harbour'], language: 'sw' }, index: database === 'postgres' ? 'wall_posts_search' : 'wall_posts_fts_newest' },
      ];
      for (const { query, index } of views) {
        const first = await service('posts').page({ sort: 'newest', page: 1, pageSize: 1, ...query });
        expect(first.pagination.nextCursor).toBeTruthy();
        const plans = await plansOf(cms.strapi, () =>
          service('posts').page({ sort: 'newest', page: 1, pageSize: 1, cursor: first.pagination.nextCursor, ...query }),
        );
        expect(plans.filter(scansATable)).toEqual([]);
        expect(plans.map((p) => p.plan).join('\n'), JSON.stringify(plans)).toContain(index);
      }
      if (database === 'postgres') {
        // The match itself is read from the GIN index over the same expression (the query repeats it exactly).
        const { rows } = await cms.strapi.db.connection.transaction(async (trx): Promise<{ rows: Record<string, string>[] }> => {
          await trx.raw('set local enable_seqscan = off');
          return trx.raw(
            "explain select id from wall_posts where to_tsvector('simple'::regconfig, coalesce(title, '') || ' ' || coalesce(text, '')) @@ to_tsquery('simple', 'harbour:*')",
          );
        });
        expect(rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('wall_posts_search');
      }
    });
  });
}
