// Every content-API route the cms registers × every kind of caller, against the real cms and the real Firebase Auth
// emulator. The list of routes comes from the running router, so a new route without an expectation here fails
// ("… has no expectation in the matrix"), and so does an expectation for a route that no longer exists.
import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import demo from '@writory/shared/demo-accounts.json';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthEmulator } from './helpers/auth-emulator';
import { PROJECT_ID } from './helpers/auth-emulator';
import { startCmsWithAuth, type CmsWithAuth } from './helpers/cms-with-auth';
import type { TestCms } from './helpers/strapi';
import { DEMO_UID_OF as ACCOUNT_OF } from './helpers/demo-callers';

const CALLERS = ['anonymous', 'poet', 'otherPoet', 'judge', 'moderator', 'admin'] as const;
type Caller = (typeof CALLERS)[number];
/** Tokens nobody may get anything with: they must never get further than an anonymous caller. */
const FORGERS = ['random token', 'token signed with another key', 'token with user-uid/x-user-email of the admin'] as const;
type Forger = (typeof FORGERS)[number];

const uidOf = (caller: Caller) => (caller === 'anonymous' ? 'nobody' : ACCOUNT_OF[caller]);

type Expected = Record<Caller, number>;
const everyone = (status: number) => Object.fromEntries(CALLERS.map((c) => [c, status])) as Expected;
const signedIn = (status: number) => ({ ...everyone(status), anonymous: 401 });
const only = (roles: Exclude<Caller, 'anonymous'>[], status: number) => ({
  ...signedIn(403),
  ...Object.fromEntries(roles.map((r) => [r, status])),
});
const admins = (status: number) => only(['admin'], status);
const poets = (status: number) => only(['poet', 'otherPoet'], status);
const poetsAndAdmins = (status: number) => only(['poet', 'otherPoet', 'admin'], status);

interface Case {
  /** The route as registered: METHOD and path with its :params. */
  route: string;
  /** What this case sends, when it differs from the route's own path with no body. */
  label?: string;
  path?: string | ((caller: Caller) => string);
  body?: object | ((caller: Caller) => object);
  expected: Expected;
  /** A route that also serves visitors: a bad token is refused there, not treated as a visit. */
  identityOptional?: true;
  /** Errors in the reference API's shape, { success: false, error }, rather than Strapi's. */
  specErrorShape?: true;
}

const UNKNOWN = 999_999;

// The expectations: what each caller gets from each route. Requests that a role may make carry no body or name an
// unknown record, so the matrix changes nothing (an admin's answer is then 422 or 404 rather than a success).
const CASES: Case[] = [
  { route: 'GET /api/health', expected: everyone(200) },
  // The matrix calls from this machine, so the local-network rule lets everyone read the metrics (tests/foundation
  // shows an outside address refused).
  { route: 'GET /api/metrics', expected: everyone(200) },
  { route: 'GET /api/admin/health', expected: admins(200) },
  { route: 'GET /api/site-settings', expected: everyone(200) },
  { route: 'GET /api/testimonials', expected: everyone(200) },
  { route: 'GET /api/articles', expected: everyone(200) },
  { route: 'GET /api/faqs', expected: everyone(200) },
  { route: 'GET /api/users/count', expected: everyone(200) },
  { route: 'GET /api/users/:uid', label: 'known', path: '/api/users/demo-poet-0001', expected: everyone(200) },
  { route: 'GET /api/users/:uid', label: 'unknown', path: '/api/users/no-such-user', expected: everyone(404) },
  { route: 'GET /api/users/me', expected: signedIn(200) },
  { route: 'PUT /api/users/me', body: {}, expected: signedIn(200) },
  { route: 'POST /api/users', label: 'own uid', body: (c) => ({ uid: uidOf(c), email: 'ignored@example.com' }), expected: signedIn(200) },
  { route: 'POST /api/users', label: 'the poet’s uid', body: { uid: ACCOUNT_OF.poet }, expected: { ...signedIn(403), poet: 200 } },
  // No file: a caller who gets past auth is told what is missing (422), the others never get that far.
  { route: 'POST /api/users/me/picture', label: 'no file', expected: signedIn(422) },
  { route: 'GET /api/users/me/reminders', expected: signedIn(200) },
  { route: 'PUT /api/users/me/reminders', label: 'no body', expected: signedIn(422) },
  { route: 'GET /api/admin/whoami', expected: admins(200) },
  { route: 'GET /api/notifications', expected: signedIn(200) },
  // A live stream: its status is read and the connection closed (see send()).
  { route: 'GET /api/notifications/stream', expected: signedIn(200) },
  { route: 'POST /api/notifications/read-all', expected: signedIn(200) },
  { route: 'POST /api/notifications/clear-all', expected: signedIn(200) },
  { route: 'POST /api/notifications/:id/read', path: `/api/notifications/${UNKNOWN}/read`, expected: signedIn(404) },
  { route: 'DELETE /api/notifications/:id/delete', path: `/api/notifications/${UNKNOWN}/delete`, expected: signedIn(404) },
  { route: 'POST /api/admin/notifications', label: 'no body', expected: admins(422) },
  { route: 'GET /api/articles/:slug', label: 'published', path: '/api/articles/how-writory-judges-a-poem', expected: everyone(200) },
  { route: 'GET /api/articles/:slug', label: 'draft', path: '/api/articles/draft-next-months-theme', expected: everyone(404) },
  { route: 'GET /api/pages/:slug', path: '/api/pages/about', expected: everyone(200) },
  // An empty message: refused by validation (before the rate limit) for everyone, so nothing is stored.
  { route: 'POST /api/contact', label: 'empty', body: {}, expected: everyone(422) },
  { route: 'POST /api/auth-mail/password-reset', label: 'empty', body: {}, expected: everyone(422) },
  { route: 'POST /api/auth-mail/verification', label: 'an unknown field', body: { email: 'someone@example.com' }, expected: signedIn(422) },
  { route: 'GET /api/admin/contacts', expected: admins(200) },
  { route: 'PUT /api/admin/contacts/:id/read', path: `/api/admin/contacts/${UNKNOWN}/read`, body: { read: true }, expected: admins(404) },
  { route: 'GET /api/admin/articles', expected: admins(200) },
  { route: 'POST /api/admin/articles/preview', body: { body: 'Hello' }, expected: admins(200) },
  { route: 'POST /api/admin/articles', label: 'empty', body: {}, expected: admins(422) },
  { route: 'POST /api/feedback', label: 'empty', body: {}, expected: signedIn(422) },
  { route: 'GET /api/admin/feedback', expected: admins(200) },

  // Contest, entries, judging, results.
  { route: 'GET /api/contests/current', expected: everyone(200) },
  // Competitions (issue 37): an admin's bodies are empty or name an unknown competition, so nothing changes.
  { route: 'GET /api/competitions', expected: everyone(200) },
  { route: 'GET /api/competitions/:slug', path: '/api/competitions/story', expected: everyone(200) },
  { route: 'GET /api/admin/competitions', expected: admins(200) },
  { route: 'POST /api/admin/competitions', body: {}, expected: admins(422) },
  { route: 'PUT /api/admin/competitions/:slug', path: '/api/admin/competitions/no-such-competition', body: {}, expected: admins(422) },
  { route: 'GET /api/admin/contests', expected: admins(200) },
  { route: 'PUT /api/admin/contests/:month', path: '/api/admin/contests/2099-13', body: {}, expected: admins(422) },
  { route: 'GET /api/submission-count', expected: everyone(200) },
  { route: 'GET /api/entries/allowance', expected: signedIn(200) },
  { route: 'GET /api/entries/mine', expected: signedIn(200) },
  { route: 'POST /api/entries/preview', label: 'no file', expected: poets(422) },
  { route: 'POST /api/entries', label: 'no file', expected: poets(422) },
  { route: 'GET /api/entries/:code/file', path: '/api/entries/WR-NOPE/file', expected: poetsAndAdmins(404) },
  { route: 'GET /api/entries/:code/photo', path: '/api/entries/WR-NOPE/photo', expected: poetsAndAdmins(404) },
  { route: 'GET /api/admin/entries', expected: admins(200) },
  // Drafts (issue 40): poets only, each their own; an unknown draft is 404 and an empty body 422, so nothing changes.
  { route: 'GET /api/entries/drafts', expected: poets(200) },
  { route: 'POST /api/entries/drafts', label: 'no file', expected: poets(422) },
  { route: 'DELETE /api/entries/drafts/:id', path: `/api/entries/drafts/${UNKNOWN}`, expected: poets(404) },
  { route: 'POST /api/entries/drafts/:id/enter', path: `/api/entries/drafts/${UNKNOWN}/enter`, body: {}, expected: poets(422) },
  { route: 'GET /api/judging/queue', expected: only(['judge', 'admin'], 200) },
  // Judges' languages (issue 37): an empty body is refused, so no judge's languages change.
  { route: 'GET /api/judging/languages', expected: only(['judge', 'admin'], 200) },
  { route: 'PUT /api/judging/languages', body: {}, expected: only(['judge', 'admin'], 422) },
  { route: 'PUT /api/admin/users/:uid/judge-languages', path: `/api/admin/users/${UNKNOWN}/judge-languages`, body: {}, expected: admins(422) },
  { route: 'GET /api/admin/judge-coverage', expected: admins(200) },
  { route: 'GET /api/judging/progress', expected: admins(200) },
  { route: 'GET /api/judging/entries/:code', path: '/api/judging/entries/WR-NOPE', expected: only(['judge', 'admin'], 404) },
  { route: 'GET /api/judging/entries/:code/file', path: '/api/judging/entries/WR-NOPE/file', expected: only(['judge', 'admin'], 404) },
  { route: 'POST /api/judging/entries/:code/scores', path: '/api/judging/entries/WR-NOPE/scores', body: {}, expected: only(['judge', 'admin'], 422) },
  { route: 'POST /api/judging/entries/:code/recuse', path: '/api/judging/entries/WR-NOPE/recuse', body: {}, expected: only(['judge', 'admin'], 404) },
  { route: 'PUT /api/judging/entries/:code/judges', path: '/api/judging/entries/WR-NOPE/judges', body: { judges: [] }, expected: admins(404) },
  { route: 'GET /api/judging/report', expected: admins(200) },
  { route: 'GET /api/judging/reports/:month', path: '/api/judging/reports/2020-01', expected: everyone(404) },
  { route: 'GET /api/admin/results/months', expected: admins(200) },
  { route: 'POST /api/admin/results/preview', label: 'no file', expected: admins(422) },
  { route: 'POST /api/admin/upload-csv', label: 'no file', expected: admins(400) },
  { route: 'POST /api/admin/results/publish', label: 'no body', body: {}, expected: admins(422) },
  { route: 'GET /api/results/me', expected: signedIn(200) },
  { route: 'GET /api/leaderboard', expected: everyone(200) },
  { route: 'POST /api/admin/leaderboard/preview', label: 'no file', expected: admins(400) },
  { route: 'POST /api/admin/leaderboard/import', label: 'no file', expected: admins(400) },
  { route: 'GET /api/winners', expected: everyone(200) },
  { route: 'GET /api/winners/:id', path: `/api/winners/${UNKNOWN}`, expected: everyone(404) },
  { route: 'GET /api/winners/:id/photo', path: `/api/winners/${UNKNOWN}/photo`, expected: everyone(404) },
  { route: 'GET /api/admin/winners/suggestions', expected: admins(422) },
  { route: 'POST /api/admin/upload-winners', label: 'no file', expected: admins(422) },
  { route: 'GET /api/certificates/me', expected: signedIn(200) },
  { route: 'GET /api/certificates/verify/:code', path: '/api/certificates/verify/NOPE-0000', expected: everyone(404) },
  { route: 'GET /api/certificates/:slug', path: '/api/certificates/no-such-certificate', expected: everyone(404) },
  { route: 'GET /api/certificates/:slug/pdf', path: '/api/certificates/no-such-certificate/pdf', expected: everyone(404) },
  { route: 'GET /api/admin/certificates', expected: admins(422) },
  { route: 'GET /api/admin/certificates/preview', expected: admins(422) },
  { route: 'GET /api/admin/certificates/preview/pdf', expected: admins(422) },
  { route: 'POST /api/admin/certificates/issue', body: {}, expected: admins(422) },
  { route: 'POST /api/admin/certificates/:slug/reissue', path: '/api/admin/certificates/no-such-certificate/reissue', expected: admins(404) },
  { route: 'GET /api/admin/timer/get', expected: admins(200) },
  { route: 'DELETE /api/admin/timer/delete', expected: admins(404) },
  { route: 'POST /api/admin/timer/retry', expected: admins(409) },
  { route: 'GET /api/admin/winner-timer/get', expected: admins(200) },
  { route: 'DELETE /api/admin/winner-timer/delete', expected: admins(404) },
  { route: 'POST /api/admin/winner-timer/retry', expected: admins(409) },

  // Money.
  { route: 'GET /api/payments/tiers', expected: everyone(200) },
  { route: 'GET /api/payments/me', expected: signedIn(200) },
  { route: 'POST /api/payments/quote', body: {}, expected: signedIn(422) },
  { route: 'POST /api/payments/checkout', body: {}, expected: signedIn(422) },
  { route: 'GET /api/payments/orders/:code', path: '/api/payments/orders/WR-NOPE', expected: signedIn(404) },
  { route: 'GET /api/payments/test-checkout/:session', path: '/api/payments/test-checkout/cs_test_nope', expected: signedIn(404) },
  { route: 'POST /api/payments/test-checkout/:session', path: '/api/payments/test-checkout/cs_test_nope', body: { outcome: 'paid' }, expected: signedIn(404) },
  // Stripe's call: without a valid signature nothing happens, whoever sends it.
  { route: 'POST /api/payments/webhook', label: 'unsigned', body: { type: 'checkout.session.completed' }, expected: everyone(400) },
  { route: 'GET /api/referrals/me', expected: signedIn(200) },
  { route: 'GET /api/referrals/codes/:code', path: '/api/referrals/codes/ZZZZZZZZ', expected: everyone(404) },
  { route: 'GET /api/earnings/me', expected: signedIn(200) },
  { route: 'POST /api/earnings/withdrawals', body: {}, expected: signedIn(422) },
  { route: 'GET /api/admin/withdrawals', expected: admins(200) },
  { route: 'POST /api/admin/withdrawals/:id/approve', path: `/api/admin/withdrawals/${UNKNOWN}/approve`, expected: admins(404) },
  { route: 'POST /api/admin/withdrawals/:id/pay', path: `/api/admin/withdrawals/${UNKNOWN}/pay`, body: {}, expected: admins(422) },
  { route: 'POST /api/admin/withdrawals/:id/reject', path: `/api/admin/withdrawals/${UNKNOWN}/reject`, body: {}, expected: admins(422) },
  { route: 'GET /api/admin/payments/tiers', expected: admins(200) },
  { route: 'POST /api/admin/payments/tiers', body: {}, expected: admins(422) },
  { route: 'PUT /api/admin/payments/tiers/:id', path: `/api/admin/payments/tiers/${UNKNOWN}`, body: {}, expected: admins(422) },
  { route: 'GET /api/admin/payments/coupons', expected: admins(200) },
  { route: 'POST /api/admin/payments/coupons', body: {}, expected: admins(422) },
  { route: 'PUT /api/admin/payments/coupons/:id', path: `/api/admin/payments/coupons/${UNKNOWN}`, body: {}, expected: admins(422) },
  { route: 'PATCH /api/admin/payments/coupons/:id', path: `/api/admin/payments/coupons/${UNKNOWN}`, body: {}, expected: admins(422) },
  { route: 'GET /api/admin/payments/revenue', expected: admins(200) },
  { route: 'POST /api/admin/payments/orders/:code/refund', path: '/api/admin/payments/orders/WR-NOPE/refund', expected: admins(404) },
  { route: 'GET /api/admin/payments/settings', expected: admins(200) },
  { route: 'PUT /api/admin/payments/settings', body: {}, expected: admins(422) },

  // Site administration.
  { route: 'GET /api/admin/settings', expected: admins(200) },
  { route: 'PUT /api/admin/settings', body: { contactEmail: 'not an email' }, expected: admins(422) },
  { route: 'GET /api/admin/users', expected: admins(200) },
  { route: 'GET /api/admin/users/export', expected: admins(200) },
  { route: 'PUT /api/admin/users/:uid/role', path: '/api/admin/users/no-such-user/role', body: { role: 'judge' }, expected: admins(404) },
  { route: 'POST /api/admin/users/:uid/suspend', path: '/api/admin/users/no-such-user/suspend', body: { reason: 'Spam' }, expected: admins(404) },
  { route: 'POST /api/admin/users/:uid/restore', path: '/api/admin/users/no-such-user/restore', expected: admins(404) },
  { route: 'GET /api/admin/reminders/audiences', expected: admins(200) },
  { route: 'GET /api/admin/reminders', expected: admins(200) },
  { route: 'POST /api/admin/reminders', body: {}, expected: admins(422) },
  { route: 'POST /api/admin/reminders/preview', body: {}, expected: admins(422) },
  { route: 'GET /api/admin/reminders/:id', path: `/api/admin/reminders/${UNKNOWN}`, expected: admins(404) },
  // The spec's own answer shape here: { success: false, error }.
  { route: 'POST /api/track-visit-realtime', body: {}, expected: everyone(422), identityOptional: true, specErrorShape: true },
  { route: 'GET /api/admin/visits/summary', expected: admins(200) },
  { route: 'GET /api/admin/visits/export', path: '/api/admin/visits/export?from=2026-01-01&to=2026-01-31', expected: admins(200) },

  // The Writory Wall.
  { route: 'GET /api/wall/posts', expected: everyone(200) },
  { route: 'GET /api/wall/posts/:id', path: `/api/wall/posts/${UNKNOWN}`, expected: everyone(404) },
  { route: 'GET /api/wall/my-posts', expected: signedIn(200) },
  { route: 'GET /api/wall/likes', path: `/api/wall/likes?ids=1,${UNKNOWN}`, expected: signedIn(200) },
  { route: 'POST /api/wall/posts', body: {}, expected: signedIn(422) },
  { route: 'DELETE /api/wall/posts/:id', path: `/api/wall/posts/${UNKNOWN}`, expected: signedIn(404) },
  { route: 'PUT /api/wall/posts/:id/like', path: `/api/wall/posts/${UNKNOWN}/like`, expected: signedIn(404) },
  { route: 'DELETE /api/wall/posts/:id/like', path: `/api/wall/posts/${UNKNOWN}/like`, expected: signedIn(404) },
  { route: 'POST /api/wall/posts/:id/reports', path: `/api/wall/posts/${UNKNOWN}/reports`, body: {}, expected: signedIn(422) },
  { route: 'GET /api/admin/wall/posts', expected: only(['moderator', 'admin'], 200) },
  { route: 'GET /api/poets', expected: everyone(200) },
  { route: 'GET /api/poets/me', expected: signedIn(200) },
  { route: 'PUT /api/poets/me', body: { handle: '!' }, expected: signedIn(422) },
  { route: 'GET /api/poets/:handle', path: '/api/poets/nobody-here', expected: everyone(404) },
  { route: 'GET /api/follows', expected: signedIn(200) },
  { route: 'GET /api/follows/poems', expected: signedIn(200) },
  { route: 'PUT /api/follows/settings', body: {}, expected: signedIn(422) },
  { route: 'PUT /api/follows/:handle', path: '/api/follows/nobody-here', expected: signedIn(404) },
  { route: 'DELETE /api/follows/:handle', path: '/api/follows/nobody-here', expected: signedIn(404) },
  { route: 'PUT /api/follows/:handle/mute', path: '/api/follows/nobody-here/mute', body: { muted: true }, expected: signedIn(404) },
  {
    route: 'POST /api/admin/wall/posts/:id/decisions',
    path: `/api/admin/wall/posts/${UNKNOWN}/decisions`,
    body: {},
    expected: only(['moderator', 'admin'], 422),
  },
  // Comments on wall poems and blocking (issue 40).
  { route: 'GET /api/wall/posts/:id/comments', path: `/api/wall/posts/${UNKNOWN}/comments`, expected: everyone(404), identityOptional: true },
  { route: 'POST /api/wall/posts/:id/comments', path: `/api/wall/posts/${UNKNOWN}/comments`, body: {}, expected: signedIn(422) },
  { route: 'PUT /api/wall/posts/:id/comments-open', path: `/api/wall/posts/${UNKNOWN}/comments-open`, body: { open: false }, expected: signedIn(404) },
  { route: 'POST /api/wall/comments/:id/reports', path: `/api/wall/comments/${UNKNOWN}/reports`, body: {}, expected: signedIn(422) },
  { route: 'POST /api/wall/comments/:id/block-author', path: `/api/wall/comments/${UNKNOWN}/block-author`, expected: signedIn(404) },
  { route: 'GET /api/admin/wall/comments', expected: only(['moderator', 'admin'], 200) },
  {
    route: 'POST /api/admin/wall/comments/:id/decisions',
    path: `/api/admin/wall/comments/${UNKNOWN}/decisions`,
    body: {},
    expected: only(['moderator', 'admin'], 422),
  },
  { route: 'GET /api/blocks', expected: signedIn(200) },
  { route: 'DELETE /api/blocks/:id', path: `/api/blocks/${UNKNOWN}`, expected: signedIn(404) },
];

/** The plugins' own content-API routes: no role is granted them, so nobody reaches files, mail, locales or schemas. */
const CLOSED_PLUGIN_PREFIXES = ['/api/upload', '/api/email', '/api/i18n', '/api/content-type-builder', '/api/users-permissions'];

let stack: CmsWithAuth;
let emulator: AuthEmulator;
let cms: TestCms;
let base: string;
const tokens = {} as Record<Caller, string | undefined>;
let forgedHeaders: Record<Forger, Record<string, string>>;

/** A Firebase-shaped ID token for the admin, signed with a key Google never issued. */
function tokenSignedWithAnotherKey(): string {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const now = Math.floor(Date.now() / 1000);
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const claims = {
    iss: `https://securetoken.google.com/${PROJECT_ID}`,
    aud: PROJECT_ID,
    auth_time: now - 10,
    user_id: ACCOUNT_OF.admin,
    sub: ACCOUNT_OF.admin,
    iat: now - 10,
    exp: now + 3600,
    email: 'admin@writory.local',
    email_verified: true,
    firebase: { identities: { email: ['admin@writory.local'] }, sign_in_provider: 'password' },
  };
  const unsigned = `${part({ alg: 'RS256', kid: 'forged-key', typ: 'JWT' })}.${part(claims)}`;
  return `${unsigned}.${sign('RSA-SHA256', Buffer.from(unsigned), privateKey).toString('base64url')}`;
}

/** One request, sent over plain HTTP so a long-lived stream can be read for its status and then closed. */
function send(method: string, path: string, headers: Record<string, string>, body?: object): Promise<{ status: number; type: string; body: any }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(`${base}${path}`, { method, headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) } }, (res) => {
      const type = String(res.headers['content-type'] ?? '').split(';')[0];
      if (type === 'text/event-stream') {
        resolve({ status: res.statusCode!, type, body: null });
        req.destroy();
        return;
      }
      const chunks: Buffer[] = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown = text;
        if (type === 'application/json') parsed = JSON.parse(text);
        resolve({ status: res.statusCode!, type, body: parsed });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

const keyOf = (method: string, path: string) => `${method} ${path}`;

/** Every content-API route the running router knows, as "METHOD /api/path/:param". */
function registeredRoutes(): string[] {
  const keys = new Set<string>();
  for (const layer of cms.strapi.server.listRoutes() as { path: string; methods: string[] }[]) {
    if (!layer.path.startsWith('/api/')) continue;
    for (const method of layer.methods) if (method !== 'HEAD') keys.add(keyOf(method, layer.path));
  }
  return [...keys].sort();
}

const isClosedPluginRoute = (route: string) => CLOSED_PLUGIN_PREFIXES.some((prefix) => route.split(' ')[1].startsWith(prefix));
/** A plugin route's path with every :param filled in. */
const concrete = (path: string) => path.replace(/:(\w+)(\([^)]*\))?/g, (_m, name) => (name === 'id' ? '1' : 'x'));

const pathOf = (c: Case, caller: Caller) => (typeof c.path === 'function' ? c.path(caller) : (c.path ?? c.route.split(' ')[1]));
const bodyOf = (c: Case, caller: Caller) => (typeof c.body === 'function' ? c.body(caller) : c.body);
const headersOf = (caller: Caller): Record<string, string> => (tokens[caller] ? { authorization: `Bearer ${tokens[caller]}` } : {});

beforeAll(async () => {
  stack = await startCmsWithAuth({ ADMIN_EMAILS: '' });
  ({ emulator, cms } = stack);
  await new Promise<void>((resolve) => cms.strapi.server.httpServer.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(cms.strapi.server.httpServer.address() as AddressInfo).port}`;
  for (const [caller, uid] of Object.entries(ACCOUNT_OF)) {
    const account = demo.accounts.find((a) => a.uid === uid)!;
    tokens[caller as Caller] = (await emulator.createUser({ uid, email: account.email, password: account.password })).idToken;
  }
  forgedHeaders = {
    'random token': { authorization: `Bearer ${randomBytes(48).toString('base64url')}` },
    'token signed with another key': { authorization: `Bearer ${tokenSignedWithAnotherKey()}` },
    'token with user-uid/x-user-email of the admin': {
      authorization: `Bearer ${tokens.poet}`,
      'user-uid': ACCOUNT_OF.admin,
      'x-user-email': 'admin@writory.local',
    },
  };
});

afterAll(async () => {
  await stack?.stop();
});

describe('the matrix covers the router', () => {
  it('has an expectation for every content-API route the cms registers', () => {
    const covered = new Set(CASES.map((c) => c.route));
    const missing = registeredRoutes().filter((route) => !covered.has(route) && !isClosedPluginRoute(route));
    expect(missing.map((route) => `${route} has no expectation in the matrix (cms/tests/auth-matrix.test.ts)`)).toEqual([]);
  });

  it('expects nothing of a route that is not registered', () => {
    const registered = new Set(registeredRoutes());
    expect(CASES.filter((c) => !registered.has(c.route)).map((c) => `${c.route} is in the matrix but not registered`)).toEqual([]);
  });
});

const caseName = (c: Case) => (c.label ? `${c.route} (${c.label})` : c.route);

describe.each(CASES.map((c) => ({ ...c, name: caseName(c) })))('$name', (c) => {
  it.each(CALLERS)('as %s', async (caller) => {
    const res = await send(c.route.split(' ')[0], pathOf(c, caller), headersOf(caller), bodyOf(c, caller));
    expect(res.status, JSON.stringify(res.body)).toBe(c.expected[caller]);
    if (res.status >= 400) {
      expect(res.type).toBe('application/json');
      if (c.specErrorShape && res.status !== 401 && res.status !== 403) expect(res.body).toMatchObject({ success: false, error: expect.any(String) });
      else expect(res.body.error).toMatchObject({ status: res.status, name: expect.any(String), message: expect.any(String) });
    }
  });

  // A forged token gets no further than an anonymous caller: refused where identity is checked (401, or 403 naming the
  // header that disagrees with the token), the anonymous answer on a public route.
  it.each(FORGERS)('with a %s', async (forger) => {
    const anonymous = c.expected.anonymous;
    const checksIdentity = anonymous === 401 || anonymous === 403 || c.identityOptional;
    const refusal = forger.startsWith('token with user-uid') ? 403 : 401;
    const res = await send(c.route.split(' ')[0], pathOf(c, 'anonymous'), forgedHeaders[forger], bodyOf(c, 'anonymous'));
    expect(res.status, JSON.stringify(res.body)).toBe(checksIdentity ? refusal : anonymous);
  });
});

describe('the plugins’ content-API routes are closed to everyone', () => {
  it('refuses every caller, also with forged tokens', async () => {
    const routes = registeredRoutes().filter(isClosedPluginRoute);
    expect(routes.length).toBeGreaterThan(5);
    const answers: string[] = [];
    for (const route of routes) {
      const [method, path] = route.split(' ');
      for (const caller of CALLERS) {
        const res = await send(method, concrete(path), headersOf(caller));
        if (res.status !== 403) answers.push(`${route} as ${caller}: ${res.status}`);
      }
      for (const forger of FORGERS) {
        const res = await send(method, concrete(path), forgedHeaders[forger]);
        if (res.status !== 401 && res.status !== 403) answers.push(`${route} with a ${forger}: ${res.status}`);
      }
    }
    expect(answers).toEqual([]);
  });
});

describe('what the matrix answers', () => {
  const get = (path: string, caller: Caller) => send('GET', path, headersOf(caller));

  it('maps each token to its seeded role', async () => {
    for (const caller of CALLERS.filter((c) => c !== 'anonymous')) {
      const res = await get('/api/users/me', caller);
      expect(res.status).toBe(200);
      const role = demo.accounts.find((a) => a.uid === uidOf(caller))!.role;
      expect(res.body).toMatchObject({ uid: uidOf(caller), role: role === 'poet' ? 'authenticated' : role, isAdmin: role === 'admin' });
    }
  });

  it('tells the admin who they are', async () => {
    const res = await get('/api/admin/whoami', 'admin');
    expect(res.body).toEqual({ uid: 'demo-admin-0001', email: 'admin@writory.local', role: 'admin' });
  });

  it('shows only the name and picture of a user to anyone', async () => {
    const res = await get('/api/users/demo-poet-0001', 'anonymous');
    expect(res.body).toEqual({ name: 'Asha Verse', profilePictureUrl: null });
  });

  it('answers the users count with a short public cache', async () => {
    const res = await cms.api.get('/api/users/count').expect(200);
    expect(res.body).toEqual({ count: demo.accounts.length });
    expect(res.headers['cache-control']).toBe('public, max-age=10');
  });
});
