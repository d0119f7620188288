// Poet pages (/api/poets*) against the real cms and Auth emulator: private until the poet chooses a handle and makes
// the page public; only what is already public on it (approved wall poems, published results and their winner
// certificates); the name linked to the page on the wall and in comments only while it is public; handles unique,
// validated and changeable; a page made private gone from the API at once; bios stored as the characters they are.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthEmulator } from './helpers/auth-emulator';
import { startCmsWithAuth, type CmsWithAuth } from './helpers/cms-with-auth';
import { listening, type TestCms } from './helpers/strapi';

const WINNER = 'api::winner.winner';
const CERTIFICATE = 'api::certificate.certificate';
const USER = 'plugin::users-permissions.user';
const { payloads } = JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'e2e', 'corpus', 'xss-payloads.json'), 'utf8')) as { payloads: string[] };

let stack: CmsWithAuth;
let emulator: AuthEmulator;
let cms: TestCms;
let api: ReturnType<typeof supertest>;
let seq = 0;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const unique = () => `${Date.now().toString(36)}${++seq}`;

async function newPoet(name = `Poet ${seq}`): Promise<{ token: string; id: number }> {
  const user = await emulator.createUser({ email: `page-${unique()}@writory.test`, emailVerified: true, displayName: name });
  const me = await api.get('/api/users/me').set(bearer(user.idToken)).expect(200);
  await api.put('/api/users/me').set(bearer(user.idToken)).send({ name }).expect(200);
  const row = await cms.strapi.db.query(USER).findOne({ where: { firebaseUid: me.body.uid } });
  return { token: user.idToken, id: row.id };
}

const settings = (token: string, body: object) => api.put('/api/poets/me').set(bearer(token)).send(body);

async function wallPoem(poet: { id: number }, title: string, approve: boolean): Promise<number> {
  const post = await cms.strapi.service('api::wall-post.posts' as any).create(poet, { title, text: 'a line', language: 'en' });
  if (approve)
    await cms.strapi.service('api::wall-post.moderation' as any).decide({ id: 0, name: 'Test moderator' }, post.id, { action: 'approve', seen: 'pending' });
  return post.id;
}

beforeAll(async () => {
  stack = await startCmsWithAuth({ ADMIN_EMAILS: '' });
  ({ emulator, cms } = stack);
  api = supertest(await listening(cms));
});

afterAll(async () => {
  await stack?.stop();
});

describe('poet pages', () => {
  it('is private by default: nothing appears until the poet chooses a handle and makes the page public', async () => {
    const poet = await newPoet('Meera Das');
    expect((await api.get('/api/poets/me').set(bearer(poet.token)).expect(200)).body).toEqual({ handle: null, bio: '', languages: [], public: false });
    const handle = `meera-${unique()}`;
    expect((await settings(poet.token, { handle, bio: 'I write at dawn.', languages: ['HI', 'en'] }).expect(200)).body).toEqual({
      handle,
      bio: 'I write at dawn.',
      languages: ['hi', 'en'],
      public: false,
    });
    await api.get(`/api/poets/${handle}`).expect(404);
    expect((await api.get('/api/poets').expect(200)).body.handles).not.toContain(handle);

    await settings(poet.token, { public: true }).expect(200);
    expect((await api.get('/api/poets').expect(200)).body.handles).toContain(handle);
    const page = (await api.get(`/api/poets/${handle.toUpperCase()}`).expect(200)).body;
    expect(page).toMatchObject({ handle, name: 'Meera Das', pictureUrl: null, bio: 'I write at dawn.', languages: ['hi', 'en'], poems: [], results: [] });
    expect(JSON.stringify(page)).not.toContain('@writory.test');
  });

  it('shows only what is already public: approved wall poems and published results', async () => {
    const poet = await newPoet('Omar Haddad');
    const handle = `omar-${unique()}`;
    await settings(poet.token, { handle, public: true }).expect(200);
    const onWall = await wallPoem(poet, 'On the wall', true);
    await wallPoem(poet, 'Waiting', false);
    const hidden = await wallPoem(poet, 'Hidden later', true);
    await cms.strapi
      .service('api::wall-post.moderation' as any)
      .decide({ id: 0, name: 'Test moderator' }, hidden, { action: 'hide', seen: 'approved', reason: 'Test.' });
    const month = '2031-01';
    await cms.strapi.db.query(WINNER).create({
      data: {
        slug: `${month}-first-${unique()}`,
        month,
        competitionSlug: 'poetry',
        place: 'first',
        position: 1,
        entryId: 1,
        poetId: poet.id,
        poetName: 'Omar Haddad',
        title: 'Salt',
        language: 'ar',
        poem: 'x',
        score: 90,
      },
    });
    const page = (await api.get(`/api/poets/${handle}`).expect(200)).body;
    expect(page.poems.map((poem: { id: number }) => poem.id)).toEqual([onWall]);
    expect(page.poems[0]).toMatchObject({ title: 'On the wall', poet: { name: 'Omar Haddad' } });
    expect(page.results).toEqual([
      {
        id: expect.stringMatching(/^2031-01-first/),
        competition: { slug: 'poetry', name: expect.any(String) },
        month,
        place: 'first',
        title: 'Salt',
        language: 'ar',
        certificate: null,
      },
    ]);
  });

  it('lists published results per competition, each with its valid winner certificate; never a participation certificate', async () => {
    const poet = await newPoet('Noor Ali');
    const handle = `noor-${unique()}`;
    await settings(poet.token, { handle, public: true }).expect(200);
    const winner = (competitionSlug: string, month: string, entryId: number, place: string, title: string) =>
      cms.strapi.db.query(WINNER).create({
        data: {
          slug: `${competitionSlug}-${month}-${place}-${unique()}`,
          month,
          competitionSlug,
          place,
          position: 1,
          entryId,
          poetId: poet.id,
          poetName: 'Noor Ali',
          title,
          language: 'en',
          poem: 'x',
          score: 90,
        },
      });
    const certificate = (kind: string, competitionSlug: string, month: string, entryId: number | null, status = 'valid') =>
      cms.strapi.db.query(CERTIFICATE).create({
        data: {
          slug: `noor-ali-${month}-${kind}-${unique()}`,
          verificationCode: unique().toUpperCase().slice(0, 12),
          kind,
          month,
          competitionSlug,
          poetId: poet.id,
          entryId,
          name: 'Noor Ali',
          place: kind === 'winner' ? 'first' : null,
          title: kind === 'winner' ? 'x' : null,
          status,
          issuedAt: new Date(),
        },
      });
    const base = 900_000 + seq * 10;
    await winner('poetry', '2032-02', base + 1, 'first', 'Lanterns');
    await winner('story', '2032-03', base + 2, 'third', 'The ferry');
    await winner('poetry', '2032-01', base + 3, 'honourable', 'No paper yet');
    const replaced = await certificate('winner', 'poetry', '2032-02', base + 1, 'replaced');
    const valid = await certificate('winner', 'poetry', '2032-02', base + 1);
    const story = await certificate('winner', 'story', '2032-03', base + 2);
    const participation = await certificate('participation', 'poetry', '2032-02', null);

    const page = (await api.get(`/api/poets/${handle}`).expect(200)).body;
    expect(
      page.results.map((r: { competition: { slug: string }; month: string; title: string; certificate: string | null }) => [
        r.competition.slug,
        r.month,
        r.title,
        r.certificate,
      ]),
    ).toEqual([
      ['story', '2032-03', 'The ferry', story.slug],
      ['poetry', '2032-02', 'Lanterns', valid.slug],
      ['poetry', '2032-01', 'No paper yet', null],
    ]);
    const names = Object.fromEntries(page.results.map((r: { competition: { slug: string; name: string } }) => [r.competition.slug, r.competition.name]));
    expect(names).toEqual({ poetry: expect.any(String), story: expect.any(String) });
    expect(names.story).not.toBe('story');
    const json = JSON.stringify(page);
    expect(json).not.toContain(replaced.slug);
    expect(json).not.toContain(participation.slug);
    expect(json).not.toContain(valid.verificationCode);
  });

  it('takes a page out of the API at once when it is made private, and follows a changed handle', async () => {
    const poet = await newPoet();
    const first = `first-${unique()}`;
    const second = `second-${unique()}`;
    await settings(poet.token, { handle: first, public: true }).expect(200);
    await api.get(`/api/poets/${first}`).expect(200);
    await settings(poet.token, { handle: second }).expect(200);
    await api.get(`/api/poets/${first}`).expect(404);
    await api.get(`/api/poets/${second}`).expect(200);
    await settings(poet.token, { public: false }).expect(200);
    const gone = await api.get(`/api/poets/${second}`).expect(404);
    expect(gone.body.error.message).toBe(`No public poet page is at /poets/${second}.`);
    // Clearing the handle makes the page private too.
    await settings(poet.token, { public: true }).expect(200);
    expect((await settings(poet.token, { handle: null }).expect(200)).body).toMatchObject({ handle: null, public: false });
  });

  it('keeps handles unique (any case), checks them and the other fields, and stores nothing on a refusal', async () => {
    const a = await newPoet();
    const b = await newPoet();
    const handle = `taken-${unique()}`;
    await settings(a.token, { handle }).expect(200);
    const taken = await settings(b.token, { handle: handle.toUpperCase(), bio: 'mine' }).expect(409);
    expect(taken.body.error.message).toBe('Another poet has this handle: choose another.');
    for (const [body, message] of [
      [{ handle: 'ab' }, 'handle: must be 3–30 letters a–z, digits, - or _, starting and ending with a letter or digit'],
      [{ handle: 'has space' }, 'handle: must be 3–30 letters a–z, digits, - or _, starting and ending with a letter or digit'],
      [{ handle: 'मीरा' }, 'handle: must be 3–30 letters a–z, digits, - or _, starting and ending with a letter or digit'],
      [{ handle: 'Admin' }, 'handle: is kept for Writory itself: choose another'],
      [{ public: true }, 'handle: choose a handle before making your page public'],
      [{ bio: 'b'.repeat(501) }, 'bio: must be at most 500 characters'],
      [{ languages: ['en', 'not a tag'] }, 'languages: must be language tags such as en, hi or ar'],
      [{ public: 'yes' }, 'public: must be true or false'],
      [{ email: 'x@y.z' }, 'These fields are not accepted: email.'],
    ] as const) {
      const res = await settings(b.token, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.error.message).toBe(message);
    }
    expect((await api.get('/api/poets/me').set(bearer(b.token)).expect(200)).body).toEqual({ handle: null, bio: '', languages: [], public: false });
    await api.get('/api/poets/not_a!handle').expect(422);
  });

  it('stores a bio of the XSS corpus as the characters it is and answers it as JSON text', async () => {
    const poet = await newPoet();
    const handle = `xss-${unique()}`;
    let bio = '';
    for (const payload of payloads) if (bio.length + payload.length + 1 <= 500) bio += `${payload}\n`;
    const saved = (await settings(poet.token, { handle, bio, public: true }).expect(200)).body;
    const page = await api.get(`/api/poets/${handle}`).expect(200);
    expect(page.headers['content-type']).toMatch(/^application\/json/);
    expect(page.body.bio).toBe(saved.bio);
    expect(saved.bio).toContain('<');
  });
});

describe('poets’ names linked to their pages', () => {
  const moderator = { id: 0, name: 'Test moderator' };
  const byTitle = (posts: { title: string; poet: object }[], title: string) => posts.find((post) => post.title === title)?.poet;

  it('links the name on wall cards, the poem page, the Following tab and comments while the page is public, never while private', async () => {
    const poet = await newPoet('Sana Mir');
    const reader = await newPoet('Link reader');
    const handle = `sana-${unique()}`;
    await settings(poet.token, { handle, public: true }).expect(200);
    await api.put(`/api/follows/${handle}`).set(bearer(reader.token)).expect(200);
    const title = `Linked ${unique()}`;
    const id = await wallPoem(poet, title, true);
    // The reader's comment, let through by a moderator; the poet has a public page, the reader has none.
    const readerComment = await api.post(`/api/wall/posts/${id}/comments`).set(bearer(reader.token)).send({ text: 'Lovely.' }).expect(201);
    await cms.strapi.service('api::comment.moderation' as any).decide(moderator, readerComment.body.id, { action: 'approve', seen: 'pending' });
    const poetReply = await api
      .post(`/api/wall/posts/${id}/comments`)
      .set(bearer(poet.token))
      .send({ text: 'Thank you.', parentId: readerComment.body.id })
      .expect(201);
    await cms.strapi.service('api::comment.moderation' as any).decide(moderator, poetReply.body.id, { action: 'approve', seen: 'pending' });

    const seen = async () => {
      const wall = (await api.get('/api/wall/posts?pageSize=50').expect(200)).body.posts;
      const detail = (await api.get(`/api/wall/posts/${id}`).expect(200)).body.poet;
      const following = (await api.get('/api/follows/poems').set(bearer(reader.token)).expect(200)).body.posts;
      const [thread] = (await api.get(`/api/wall/posts/${id}/comments`).expect(200)).body.comments;
      return { card: byTitle(wall, title), detail, following: byTitle(following, title), comment: thread.author, reply: thread.replies[0].author };
    };
    const linked = { name: 'Sana Mir', pictureUrl: null, handle };
    expect(await seen()).toEqual({
      card: linked,
      detail: linked,
      following: linked,
      comment: { name: 'Link reader', pictureUrl: null, handle: null },
      reply: linked,
    });

    // Made private: no link anywhere, at once (the wall's cache in this instance is cleared by the change).
    await settings(poet.token, { public: false }).expect(200);
    const unlinked = { ...linked, handle: null };
    // A follow made while the page was public still lists the poems, now without the link.
    expect(await seen()).toEqual({
      card: unlinked,
      detail: unlinked,
      following: unlinked,
      comment: { name: 'Link reader', pictureUrl: null, handle: null },
      reply: unlinked,
    });
  });
});

describe('following poets', () => {
  const NOTIFICATION = 'api::notification.notification';
  const follow = (token: string, handle: string) => api.put(`/api/follows/${handle}`).set(bearer(token));
  const approve = (id: number) =>
    cms.strapi.service('api::wall-post.moderation' as any).decide({ id: 0, name: 'Test moderator' }, id, { action: 'approve', seen: 'pending' });
  const noticesOf = async (userId: number) =>
    (await cms.strapi.db.query(NOTIFICATION).findMany({ where: { userId } })).filter((row: { title: string }) => /shared a new poem/.test(row.title));

  async function poetWithPage(name: string) {
    const poet = await newPoet(name);
    const handle = `${name.split(' ')[0].toLowerCase()}-${unique()}`;
    await settings(poet.token, { handle, public: true }).expect(200);
    return { ...poet, handle };
  }

  it('follows a public poet once however often asked, never yourself, never a private page', async () => {
    const poet = await poetWithPage('Asha Rao');
    const reader = await newPoet('Reader');
    expect((await follow(reader.token, poet.handle).expect(200)).body).toEqual({ handle: poet.handle, following: true, muted: false });
    await Promise.all([follow(reader.token, poet.handle).expect(200), follow(reader.token, poet.handle).expect(200)]);
    expect((await api.get('/api/follows').set(bearer(reader.token)).expect(200)).body).toEqual({
      muted: false,
      poets: [{ handle: poet.handle, name: 'Asha Rao', muted: false }],
    });
    const self = await follow(poet.token, poet.handle).expect(422);
    expect(self.body.error.message).toBe('You cannot follow yourself.');
    const hidden = await poetWithPage('Hidden Poet');
    await settings(hidden.token, { public: false }).expect(200);
    const privatePage = await follow(reader.token, hidden.handle).expect(404);
    expect(privatePage.body.error.message).toBe(`No public poet page is at /poets/${hidden.handle}: only poets with a public page can be followed.`);
    expect((await api.delete(`/api/follows/${poet.handle}`).set(bearer(reader.token)).expect(200)).body).toMatchObject({ following: false });
    await api.delete(`/api/follows/${poet.handle}`).set(bearer(reader.token)).expect(200);
    expect((await api.get('/api/follows').set(bearer(reader.token)).expect(200)).body.poets).toEqual([]);
    const notFollowing = await api.put(`/api/follows/${poet.handle}/mute`).set(bearer(reader.token)).send({ muted: true }).expect(409);
    expect(notFollowing.body.error.message).toBe(`You do not follow @${poet.handle}: follow them first.`);
    await api.put('/api/follows/settings').set(bearer(reader.token)).send({ muted: 'yes' }).expect(422);
  });

  it('shows the followed poets’ new poems in the Following tab, newest first, by page keys', async () => {
    const a = await poetWithPage('Bina Shah');
    const b = await poetWithPage('Karim Nasser');
    const other = await poetWithPage('Not Followed');
    const reader = await newPoet('Tab reader');
    await follow(reader.token, a.handle).expect(200);
    await follow(reader.token, b.handle).expect(200);
    const first = await wallPoem(a, 'From Bina', true);
    await wallPoem(other, 'Elsewhere', true);
    await wallPoem(b, 'Waiting from Karim', false);
    const second = await wallPoem(b, 'From Karim', true);
    const page1 = (await api.get('/api/follows/poems?pageSize=1').set(bearer(reader.token)).expect(200)).body;
    expect(page1.posts.map((post: { id: number }) => post.id)).toEqual([second]);
    const page2 = (await api.get(`/api/follows/poems?pageSize=1&cursor=${page1.pagination.nextCursor}`).set(bearer(reader.token)).expect(200)).body;
    expect(page2.posts.map((post: { id: number }) => post.id)).toEqual([first]);
    expect(page2.pagination.nextCursor).toBeNull();
    await api.get('/api/follows/poems?cursor=nonsense').set(bearer(reader.token)).expect(400);
  });

  it('gives each reader the poems of the poets they follow only, when two readers ask at once', async () => {
    const [a, b] = await Promise.all([poetWithPage('Followed by one'), poetWithPage('Followed by two')]);
    const [one, two] = await Promise.all([newPoet('Reader one'), newPoet('Reader two')]);
    await follow(one.token, a.handle).expect(200);
    await follow(two.token, b.handle).expect(200);
    const fromA = await wallPoem(a, 'For reader one', true);
    const fromB = [await wallPoem(b, 'For reader two', true), await wallPoem(b, 'Again for reader two', true)].reverse();
    const ask = (token: string) => api.get('/api/follows/poems').set(bearer(token)).expect(200);
    const answers = await Promise.all([ask(one.token), ask(two.token), ask(one.token), ask(two.token)]);
    const ids = answers.map((res) => res.body.posts.map((post: { id: number }) => post.id));
    expect(ids).toEqual([[fromA], fromB, [fromA], fromB]);
    for (const res of answers) expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('rings the bell of each follower when a followed poet’s poem is approved, unless muted for that poet or for all', async () => {
    const poet = await poetWithPage('Leila Haddad');
    const [told, mutedOne, mutedAll] = await Promise.all([newPoet('Told'), newPoet('Muted one'), newPoet('Muted all')]);
    for (const reader of [told, mutedOne, mutedAll]) await follow(reader.token, poet.handle).expect(200);
    await api.put(`/api/follows/${poet.handle}/mute`).set(bearer(mutedOne.token)).send({ muted: true }).expect(200);
    await api.put('/api/follows/settings').set(bearer(mutedAll.token)).send({ muted: true }).expect(200);
    const id = await wallPoem(poet, 'Night market', false);
    expect(await noticesOf(told.id)).toEqual([]);
    await approve(id);
    expect(await noticesOf(told.id)).toEqual([
      expect.objectContaining({
        title: 'Leila Haddad shared a new poem',
        message: '“Night market” is on the Writory Wall.',
        link: `/writory-wall/post?id=${id}`,
      }),
    ]);
    expect(await noticesOf(mutedOne.id)).toEqual([]);
    expect(await noticesOf(mutedAll.id)).toEqual([]);
    // Back on the wall after a hide is no new poem: no second notice.
    await cms.strapi
      .service('api::wall-post.moderation' as any)
      .decide({ id: 0, name: 'Test moderator' }, id, { action: 'hide', seen: 'approved', reason: 'Test.' });
    await cms.strapi.service('api::wall-post.moderation' as any).decide({ id: 0, name: 'Test moderator' }, id, { action: 'restore', seen: 'hidden' });
    expect(await noticesOf(told.id)).toHaveLength(1);
  });

  it('refuses a follow from a poet the poet blocked, and a follower blocked later hears nothing of their poems', async () => {
    const poet = await poetWithPage('Meera Iyer');
    const [blockedFirst, blockedLater] = await Promise.all([newPoet('Blocked first'), newPoet('Blocked later')]);
    await follow(blockedLater.token, poet.handle).expect(200);
    const blocks = cms.strapi.service('api::block.block' as any);
    await blocks.block(poet.id, blockedFirst.id);
    await blocks.block(poet.id, blockedLater.id);

    const refused = await follow(blockedFirst.token, poet.handle).expect(403);
    expect(refused.body.error.message).toBe('This poet does not accept followers from your account.');
    expect((await api.get('/api/follows').set(bearer(blockedFirst.token)).expect(200)).body.poets).toEqual([]);

    await approve(await wallPoem(poet, 'Closed door', false));
    expect(await noticesOf(blockedLater.id)).toEqual([]);
  });
});
