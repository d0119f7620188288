// Every route added so far × every kind of caller, against the real cms and the real Firebase Auth emulator.
import demo from '@writory/shared/demo-accounts.json';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthEmulator } from './helpers/auth-emulator';
import { startCmsWithAuth, type CmsWithAuth } from './helpers/cms-with-auth';
import type { TestCms } from './helpers/strapi';
import { DEMO_UID_OF as ACCOUNT_OF } from './helpers/demo-callers';

const CALLERS = ['anonymous', 'poet', 'otherPoet', 'judge', 'moderator', 'admin'] as const;
type Caller = (typeof CALLERS)[number];

const uidOf = (caller: Caller) => (caller === 'anonymous' ? 'nobody' : ACCOUNT_OF[caller]);

const everyone = (status: number) => Object.fromEntries(CALLERS.map((c) => [c, status])) as Record<Caller, number>;
const signedIn = (status: number) => ({ ...everyone(status), anonymous: 401 });

let stack: CmsWithAuth;
let emulator: AuthEmulator;
let cms: TestCms;
const tokens = {} as Record<Caller, string | undefined>;

type Send = (caller: Caller) => import('supertest').Test;
const withAuth = (test: import('supertest').Test, caller: Caller) => (tokens[caller] ? test.set('Authorization', `Bearer ${tokens[caller]}`) : test);

const ROUTES: { route: string; send: Send; expected: Record<Caller, number> }[] = [
  { route: 'GET /api/health', send: (c) => withAuth(cms.api.get('/api/health'), c), expected: everyone(200) },
  { route: 'GET /api/site-settings', send: (c) => withAuth(cms.api.get('/api/site-settings'), c), expected: everyone(200) },
  { route: 'GET /api/testimonials', send: (c) => withAuth(cms.api.get('/api/testimonials'), c), expected: everyone(200) },
  { route: 'GET /api/articles', send: (c) => withAuth(cms.api.get('/api/articles'), c), expected: everyone(200) },
  { route: 'GET /api/faqs', send: (c) => withAuth(cms.api.get('/api/faqs'), c), expected: everyone(200) },
  { route: 'GET /api/users/count', send: (c) => withAuth(cms.api.get('/api/users/count'), c), expected: everyone(200) },
  { route: 'GET /api/users/:uid (known)', send: (c) => withAuth(cms.api.get('/api/users/demo-poet-0001'), c), expected: everyone(200) },
  { route: 'GET /api/users/:uid (unknown)', send: (c) => withAuth(cms.api.get('/api/users/no-such-user'), c), expected: everyone(404) },
  { route: 'GET /api/users/me', send: (c) => withAuth(cms.api.get('/api/users/me'), c), expected: signedIn(200) },
  { route: 'PUT /api/users/me', send: (c) => withAuth(cms.api.put('/api/users/me').send({}), c), expected: signedIn(200) },
  {
    route: 'POST /api/users (own uid)',
    send: (c) => withAuth(cms.api.post('/api/users').send({ uid: uidOf(c), email: 'ignored@example.com' }), c),
    expected: signedIn(200),
  },
  {
    route: 'POST /api/users (the poet’s uid)',
    send: (c) => withAuth(cms.api.post('/api/users').send({ uid: ACCOUNT_OF.poet }), c),
    expected: { ...signedIn(403), poet: 200 },
  },
  {
    // No file: a caller who gets past auth is told what is missing (422), the others never get that far.
    route: 'POST /api/users/me/picture (no file)',
    send: (c) => withAuth(cms.api.post('/api/users/me/picture'), c),
    expected: signedIn(422),
  },
  { route: 'GET /api/admin/whoami', send: (c) => withAuth(cms.api.get('/api/admin/whoami'), c), expected: { ...signedIn(403), admin: 200 } },
  { route: 'GET /api/notifications', send: (c) => withAuth(cms.api.get('/api/notifications'), c), expected: signedIn(200) },
  {
    // No body: an admin is told what is missing (422), the others never get that far.
    route: 'POST /api/admin/notifications (no body)',
    send: (c) => withAuth(cms.api.post('/api/admin/notifications'), c),
    expected: { ...signedIn(403), admin: 422 },
  },
  { route: 'GET /api/articles/:slug (published)', send: (c) => withAuth(cms.api.get('/api/articles/how-writory-judges-a-poem'), c), expected: everyone(200) },
  { route: 'GET /api/articles/:slug (draft)', send: (c) => withAuth(cms.api.get('/api/articles/draft-next-months-theme'), c), expected: everyone(404) },
  { route: 'GET /api/pages/:slug', send: (c) => withAuth(cms.api.get('/api/pages/about'), c), expected: everyone(200) },
  {
    // An empty message: refused by validation (before the rate limit) for everyone, so nothing is stored.
    route: 'POST /api/contact (empty)',
    send: (c) => withAuth(cms.api.post('/api/contact').send({}), c),
    expected: everyone(422),
  },
  { route: 'GET /api/admin/articles', send: (c) => withAuth(cms.api.get('/api/admin/articles'), c), expected: { ...signedIn(403), admin: 200 } },
  {
    route: 'POST /api/admin/articles/preview',
    send: (c) => withAuth(cms.api.post('/api/admin/articles/preview').send({ body: 'Hello' }), c),
    expected: { ...signedIn(403), admin: 200 },
  },
  {
    // No title or body: an admin is told what is missing (422), nobody else gets that far.
    route: 'POST /api/admin/articles (empty)',
    send: (c) => withAuth(cms.api.post('/api/admin/articles').send({}), c),
    expected: { ...signedIn(403), admin: 422 },
  },
  // The plugins' own content-API routes: no role is granted them, so nobody reaches files, mail or schemas.
  ...(
    [
      ['GET', '/api/upload/files'],
      ['GET', '/api/upload/files/page'],
      ['GET', '/api/upload/files/1'],
      ['DELETE', '/api/upload/files/1'],
      ['POST', '/api/upload'],
      ['POST', '/api/email'],
      ['GET', '/api/i18n/locales'],
      ['GET', '/api/content-type-builder/content-types'],
      ['GET', '/api/content-type-builder/content-types/api::article.article'],
      ['GET', '/api/content-type-builder/components'],
      ['GET', '/api/content-type-builder/components/any.component'],
    ] as const
  ).map(([method, path]) => ({
    route: `${method} ${path}`,
    send: (c: Caller) => withAuth(cms.api[method === 'GET' ? 'get' : method === 'POST' ? 'post' : 'delete'](path), c),
    expected: everyone(403),
  })),
];

beforeAll(async () => {
  stack = await startCmsWithAuth({ ADMIN_EMAILS: '' });
  ({ emulator, cms } = stack);
  for (const [caller, uid] of Object.entries(ACCOUNT_OF)) {
    const account = demo.accounts.find((a) => a.uid === uid)!;
    tokens[caller as Caller] = (await emulator.createUser({ uid, email: account.email, password: account.password })).idToken;
  }
});

afterAll(async () => {
  await stack?.stop();
});

describe.each(ROUTES)('$route', ({ send, expected }) => {
  it.each(CALLERS)('as %s', async (caller) => {
    const res = await send(caller);
    expect(res.status, JSON.stringify(res.body)).toBe(expected[caller]);
    expect(res.type).toBe('application/json');
    if (res.status >= 400) {
      expect(res.body.error).toMatchObject({ status: res.status, name: expect.any(String), message: expect.any(String) });
    }
  });
});

describe('what the matrix answers', () => {
  it('maps each token to its seeded role', async () => {
    for (const caller of CALLERS.filter((c) => c !== 'anonymous')) {
      const res = await withAuth(cms.api.get('/api/users/me'), caller).expect(200);
      const role = demo.accounts.find((a) => a.uid === uidOf(caller))!.role;
      expect(res.body).toMatchObject({ uid: uidOf(caller), role: role === 'poet' ? 'authenticated' : role, isAdmin: role === 'admin' });
    }
  });

  it('tells the admin who they are', async () => {
    const res = await withAuth(cms.api.get('/api/admin/whoami'), 'admin').expect(200);
    expect(res.body).toEqual({ uid: 'demo-admin-0001', email: 'admin@writory.local', role: 'admin' });
  });

  it('shows only the name and picture of a user to anyone', async () => {
    const res = await cms.api.get('/api/users/demo-poet-0001').expect(200);
    expect(res.body).toEqual({ name: 'Asha Verse', profilePictureUrl: null });
  });

  it('answers the users count with a short public cache', async () => {
    const res = await cms.api.get('/api/users/count').expect(200);
    expect(res.body).toEqual({ count: demo.accounts.length });
    expect(res.headers['cache-control']).toBe('public, max-age=10');
  });
});
