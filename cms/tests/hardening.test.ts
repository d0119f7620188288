// Issue 17: the Strapi panel's editor is not a Super Admin, and the users-permissions plugin's own JWTs name
// nobody. (The emulator's unsigned tokens never reaching beyond this machine is in config-refusal.test.ts.)
import demo from '@writory/shared/demo-accounts.json';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editorPermissions, ensurePanelRoles } from '../src/seed/install/panel-roles';
import { seedPanelAccounts } from '../src/seed/install/panel-admin';
import type { AuthEmulator } from './helpers/auth-emulator';
import { startCmsWithAuth, type CmsWithAuth } from './helpers/cms-with-auth';
import { DEMO_UID_OF } from './helpers/demo-callers';
import type { TestCms } from './helpers/strapi';

const USER = 'plugin::users-permissions.user';
const OWNER = demo.panelOwner;
const EDITOR = demo.panelAdmin;

let stack: CmsWithAuth;
let emulator: AuthEmulator;
let cms: TestCms;
// The panel allows 5 sign-ins per 5 minutes: each account signs in once.
let ownerToken: string;
let editorToken: string;

async function panelSignIn(account: { email: string; password: string }): Promise<string> {
  const res = await cms.api.post('/admin/login').send({ email: account.email, password: account.password }).expect(200);
  return res.body.data.token;
}

const panel = (token: string, method: 'get' | 'post' | 'put' | 'delete', path: string) => cms.api[method](path).set('Authorization', `Bearer ${token}`);
const collection = (uid: string) => `/content-manager/collection-types/${uid}`;
const single = (uid: string) => `/content-manager/single-types/${uid}`;

const panelAccount = (email: string) => cms.strapi.db.query('admin::user').findOne({ where: { email }, populate: ['roles'] });
const roleCodes = async (email: string) => ((await panelAccount(email))?.roles ?? []).map((role: { code: string }) => role.code).sort();
const editorRoleId = async () => (await cms.strapi.service('admin::role').findOne({ code: 'strapi-editor' })).id;

beforeAll(async () => {
  stack = await startCmsWithAuth({
    STRAPI_ADMIN_EMAIL: OWNER.email,
    STRAPI_ADMIN_PASSWORD: OWNER.password,
    STRAPI_EDITOR_EMAIL: EDITOR.email,
    STRAPI_EDITOR_PASSWORD: EDITOR.password,
  });
  ({ cms, emulator } = stack);
  [ownerToken, editorToken] = await Promise.all([panelSignIn(OWNER), panelSignIn(EDITOR)]);
});

afterAll(async () => {
  await stack?.stop();
});

describe('the Strapi panel: the owner is the Super Admin, the editor keeps the site content', () => {
  it('seeds the owner as Super Admin and the editor with the Editor role alone', async () => {
    expect(await roleCodes(OWNER.email)).toEqual(['strapi-super-admin']);
    expect(await roleCodes(EDITOR.email)).toEqual(['strapi-editor']);
  });

  it.each([
    ['product accounts (email, phone, date of birth)', collection(USER)],
    ['contest entries', collection('api::entry.entry')],
    ['judges’ scores', collection('api::score.score')],
    ['orders', collection('api::payment.order')],
    ['payment events', collection('api::payment.payment-event')],
    ['coupons', collection('api::payment.coupon')],
    ['entry credits', collection('api::payment.entry-credit')],
    ['entry tiers', collection('api::payment.entry-tier')],
    ['earnings', collection('api::earning.earning')],
    ['withdrawals (payout details)', collection('api::earning.withdrawal')],
    ['referrals', collection('api::referral.referral')],
    ['contact messages', collection('api::contact-message.contact-message')],
    ['feedback', collection('api::feedback.feedback')],
    ['contests', collection('api::contest.contest')],
    ['visits', collection('api::visit.visit')],
    ['notifications', collection('api::notification.notification')],
    ['payment settings', single('api::payment-setting.payment-setting')],
    ['panel accounts', '/admin/users'],
    ['panel roles', '/admin/roles'],
    ['users-permissions roles', '/users-permissions/roles'],
  ])('the editor cannot read %s (403); the owner can', async (_what, path) => {
    await panel(editorToken, 'get', path).expect(403);
    await panel(ownerToken, 'get', path).expect(200);
  });

  it('the editor cannot make a poet a site admin, nor widen its own role', async () => {
    const poet = await cms.strapi.db.query(USER).findOne({ where: { firebaseUid: DEMO_UID_OF.poet }, populate: ['role'] });
    const adminRole = await cms.strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'admin' } });
    await panel(editorToken, 'put', `${collection(USER)}/${poet.documentId}`)
      .send({ role: adminRole.id })
      .expect(403);
    await panel(editorToken, 'put', `/users-permissions/roles/${adminRole.id}`).send({ name: 'Admin', permissions: {} }).expect(403);
    await panel(editorToken, 'put', `/admin/roles/${await editorRoleId()}/permissions`)
      .send({ permissions: [] })
      .expect(403);
    const after = await cms.strapi.db.query(USER).findOne({ where: { id: poet.id }, populate: ['role'] });
    expect(after.role.type).toBe(poet.role.type);
    expect(await roleCodes(EDITOR.email)).toEqual(['strapi-editor']);
  });

  it('the editor writes, publishes and deletes articles, and keeps tags, FAQ, testimonials and pages', async () => {
    const list = await panel(editorToken, 'get', collection('api::article.article')).expect(200);
    expect(list.body.results.length).toBeGreaterThan(0);
    const created = await panel(editorToken, 'post', collection('api::article.article'))
      .send({ title: 'Editors at work', slug: 'editors-at-work', excerpt: 'A note from the desk.', author: 'The editors' })
      .expect(201);
    const { documentId } = created.body.data;
    await panel(editorToken, 'post', `${collection('api::article.article')}/${documentId}/actions/publish`)
      .send({})
      .expect(200);
    await cms.api.get('/api/articles/editors-at-work').expect(200);
    await panel(editorToken, 'delete', `${collection('api::article.article')}/${documentId}`).expect(200);
    await cms.api.get('/api/articles/editors-at-work').expect(404);

    for (const uid of ['api::tag.tag', 'api::faq.faq', 'api::testimonial.testimonial', 'api::wall-post.wall-post', 'api::wall-post.wall-report']) {
      await panel(editorToken, 'get', collection(uid)).expect(200);
    }
    await panel(editorToken, 'put', single('api::about-page.about-page')).send({ title: 'About Writory', intro: 'A monthly poetry contest.' }).expect(200);
    await panel(editorToken, 'get', single('api::terms-page.terms-page')).expect(200);
    await panel(editorToken, 'get', single('api::privacy-page.privacy-page')).expect(200);
  });

  it('a new article in the panel takes its slug from its title, and two articles never share one', async () => {
    const articles = collection('api::article.article');
    // What the panel's form sends for a new article when the editor leaves the slug alone.
    const first = await panel(editorToken, 'post', articles).send({ title: 'Night Trains at Dawn', slug: '', excerpt: 'Rails.' }).expect(201);
    expect(first.body.data.slug).toBe('night-trains-at-dawn');
    const second = await panel(editorToken, 'post', articles).send({ title: 'Night Trains at Dawn' }).expect(201);
    expect(second.body.data.slug).toBe('night-trains-at-dawn-1');

    // Typing another article's slug is refused with the reason (drafts too); emptying it makes it from the title again.
    const taken = await panel(editorToken, 'put', `${articles}/${second.body.data.documentId}`)
      .send({ title: 'Night Trains at Dawn', slug: 'night-trains-at-dawn' })
      .expect(400);
    expect(taken.body.error.message).toBe(
      'Another article already has the slug "night-trains-at-dawn". Choose another, or leave it empty to make it from the title.',
    );
    const odd = await panel(editorToken, 'put', `${articles}/${second.body.data.documentId}`).send({ slug: 'night.trains' }).expect(400);
    expect(odd.body.error.message).toMatch(/can hold only letters, digits/);
    const renamed = await panel(editorToken, 'put', `${articles}/${second.body.data.documentId}`).send({ title: 'Morning Trains', slug: '' }).expect(200);
    expect(renamed.body.data.slug).toBe('morning-trains');
    // Saving unchanged keeps the article's own slug.
    await panel(editorToken, 'put', `${articles}/${first.body.data.documentId}`)
      .send({ title: 'Night Trains at Dawn', slug: 'night-trains-at-dawn', excerpt: 'Rails at six.' })
      .expect(200);

    await panel(editorToken, 'post', `${articles}/${first.body.data.documentId}/actions/publish`).send({}).expect(200);
    const shown = await cms.api.get('/api/articles/night-trains-at-dawn').expect(200);
    expect(shown.body).toMatchObject({ slug: 'night-trains-at-dawn', title: 'Night Trains at Dawn' });
    await cms.api.get('/api/articles/article').expect(404);
    for (const made of [first, second]) await panel(editorToken, 'delete', `${articles}/${made.body.data.documentId}`).expect(200);
  });

  it('articles saved at the same moment with the same title never share a slug: the database refuses the second', async () => {
    const documents = cms.strapi.documents('api::article.article');
    const saves = await Promise.allSettled(
      Array.from({ length: 6 }, () => documents.create({ data: { title: 'Twin Lanterns', excerpt: 'Same title, same moment.' } })),
    );
    const stored: { slug: string; documentId: string }[] = await cms.strapi.db
      .query('api::article.article')
      .findMany({ where: { title: 'Twin Lanterns' }, select: ['slug', 'documentId'] });
    expect(stored.length).toBe(saves.filter((save) => save.status === 'fulfilled').length);
    expect(new Set(stored.map((row) => row.slug)).size).toBe(stored.length);
    for (const save of saves) {
      if (save.status === 'rejected') expect((save.reason as Error).message).toMatch(/^Another article took the slug "twin-lanterns(-\d+)?" a moment ago\./);
    }
    for (const row of stored) await documents.delete({ documentId: row.documentId });
  });

  it('names and titles typed in the panel lose bidi controls; right-to-left letters and message text stay', async () => {
    const created = await panel(editorToken, 'post', collection('api::testimonial.testimonial'))
      .send({ name: 'Layla\u202E Haddad', title: 'فائزة\u2066 يونيو\u2069', location: 'Amman', message: 'كتبت بالعربية.', age: 24 })
      .expect(201);
    const stored = await cms.strapi.db.query('api::testimonial.testimonial').findOne({ where: { documentId: created.body.data.documentId } });
    expect(stored).toMatchObject({ name: 'Layla Haddad', title: 'فائزة يونيو', message: 'كتبت بالعربية.' });
    await panel(editorToken, 'put', `${collection('api::testimonial.testimonial')}/${created.body.data.documentId}`)
      .send({ name: 'Layla\u2067 H.' })
      .expect(200);
    expect((await cms.strapi.db.query('api::testimonial.testimonial').findOne({ where: { id: stored.id } })).name).toBe('Layla H.');
    await panel(editorToken, 'delete', `${collection('api::testimonial.testimonial')}/${created.body.data.documentId}`).expect(200);
  });

  it('the editor moderates wall posts without seeing the poet’s account', async () => {
    const res = await panel(editorToken, 'get', collection('api::wall-post.wall-post')).expect(200);
    expect(res.body.results.length).toBeGreaterThan(0);
    for (const post of res.body.results) expect(post).not.toHaveProperty('poet');
    const one = await panel(editorToken, 'get', `${collection('api::wall-post.wall-post')}/${res.body.results[0].documentId}`).expect(200);
    expect(one.body.data).toHaveProperty('moderationStatus');
    expect(one.body.data).not.toHaveProperty('poet');
  });

  it('site settings: the editor changes the contact details but not the contest rules', async () => {
    const before = await cms.strapi.db.query('api::site-setting.site-setting').findOne({});
    const shown = await panel(editorToken, 'get', single('api::site-setting.site-setting')).expect(200);
    expect(shown.body.data).toHaveProperty('contactEmail');
    expect(shown.body.data).not.toHaveProperty('maxEntriesPerMonth');
    await panel(editorToken, 'put', single('api::site-setting.site-setting'))
      .send({ contactEmail: 'desk@writory.test', maxEntriesPerMonth: 99, judgesPerEntry: 1 })
      .expect(200);
    const after = await cms.strapi.db.query('api::site-setting.site-setting').findOne({});
    expect(after.contactEmail).toBe('desk@writory.test');
    expect(after.maxEntriesPerMonth).toBe(before.maxEntriesPerMonth);
    expect(after.judgesPerEntry).toBe(before.judgesPerEntry);
  });

  it('puts the Editor role and the editor account back on every boot (drift corrected, nothing else changed)', async () => {
    const roles = cms.strapi.service('admin::role');
    const editorRole = await editorRoleId();
    const settled = await cms.strapi.service('admin::permission').findMany({ where: { role: { id: editorRole } }, orderBy: { id: 'asc' } });
    expect(settled.map((p: { action: string; subject: string | null }) => `${p.action} ${p.subject ?? ''}`).sort()).toEqual(
      editorPermissions(cms.strapi)
        .map((p) => `${p.action} ${p.subject ?? ''}`)
        .sort(),
    );

    // Someone ticks accounts and payouts for the Editor role in Settings → Roles, and makes the editor a Super Admin.
    await roles.addPermissions(editorRole, [
      { action: 'plugin::content-manager.explorer.read', subject: USER, properties: { fields: ['email', 'phone', 'dateOfBirth'] }, conditions: [] },
      { action: 'plugin::content-manager.explorer.update', subject: USER, properties: { fields: ['role'] }, conditions: [] },
      { action: 'plugin::content-manager.explorer.read', subject: 'api::earning.withdrawal', properties: { fields: ['method'] }, conditions: [] },
    ]);
    const editorAccount = await panelAccount(EDITOR.email);
    await cms.strapi.service('admin::user').updateById(editorAccount.id, { roles: [(await roles.getSuperAdmin()).id] });
    await panel(editorToken, 'get', collection(USER)).expect(200);

    // The next boot's bootstrap.
    await ensurePanelRoles(cms.strapi);
    await seedPanelAccounts(cms.strapi);

    expect(await roleCodes(EDITOR.email)).toEqual(['strapi-editor']);
    const restored = await cms.strapi.service('admin::permission').findMany({ where: { role: { id: editorRole } }, orderBy: { id: 'asc' } });
    expect(restored.map((p: { id: number }) => p.id)).toEqual(settled.map((p: { id: number }) => p.id));
    await panel(editorToken, 'get', collection(USER)).expect(403);
    await panel(editorToken, 'get', collection('api::earning.withdrawal')).expect(403);
    await panel(editorToken, 'get', collection('api::article.article')).expect(200);
  });

  it('the Author role writes the same site content, only its own, and publishes nothing', async () => {
    const author = await cms.strapi.service('admin::role').findOne({ code: 'strapi-author' });
    const permissions = await cms.strapi.service('admin::permission').findMany({ where: { role: { id: author.id } } });
    const subjects = new Set(permissions.map((p: { subject: string | null }) => p.subject).filter(Boolean));
    expect([...subjects].sort()).toEqual(
      [
        'api::article.article',
        'api::tag.tag',
        'api::testimonial.testimonial',
        'api::faq.faq',
        'api::about-page.about-page',
        'api::terms-page.terms-page',
        'api::privacy-page.privacy-page',
        'api::site-setting.site-setting',
      ].sort(),
    );
    for (const permission of permissions.filter((p: { subject: string | null }) => p.subject)) {
      expect(permission.action).toMatch(/explorer\.(create|read|update)$/);
      expect(permission.conditions).toEqual(['admin::is-creator']);
    }
  });

  it('keeps an editor’s password changed in the panel, and the owner a Super Admin', async () => {
    const passwordBefore = (await panelAccount(EDITOR.email)).password;
    await seedPanelAccounts(cms.strapi);
    expect((await panelAccount(EDITOR.email)).password).toBe(passwordBefore);
    expect(await roleCodes(OWNER.email)).toEqual(['strapi-super-admin']);
    expect(await cms.strapi.db.query('admin::user').count()).toBe(2);
  });
});

describe('the users-permissions plugin’s JWTs are not credentials', () => {
  const jwt = () => cms.strapi.plugin('users-permissions').service('jwt');
  let existing: string;
  let missing: string;

  beforeAll(async () => {
    const admin = await cms.strapi.db.query(USER).findOne({ where: { firebaseUid: DEMO_UID_OF.admin } });
    const highest = await cms.strapi.db.query(USER).findOne({ orderBy: { id: 'desc' } });
    // Signed with the plugin's secret (the development default here): what a forger who read the source would send.
    existing = jwt().issue({ id: admin.id });
    missing = jwt().issue({ id: highest.id + 1000 });
    await expect(jwt().verify(existing)).resolves.toMatchObject({ id: admin.id });
  });

  // Routes that want to know the caller (Firebase only, or Firebase or visitor, or the plugins' default strategies).
  const IDENTIFYING: [string, string][] = [
    ['get', '/api/users/me'],
    ['get', '/api/notifications'],
    ['get', '/api/admin/whoami'],
    ['get', '/api/entries/mine'],
    ['get', '/api/wall/likes'],
    ['get', '/api/upload/files'],
    ['get', '/api/i18n/locales'],
    ['post', '/api/email'],
    ['post', '/api/upload'],
  ];
  const send = (method: string, path: string, token: string) => (cms.api as any)[method](path).set('Authorization', `Bearer ${token}`);

  it.each(IDENTIFYING)('%s %s: a JWT naming an existing user and one naming nobody get the same 401', async (method, path) => {
    const [forExisting, forMissing] = [await send(method, path, existing), await send(method, path, missing)];
    expect(forExisting.status).toBe(401);
    expect(forMissing.status).toBe(401);
    expect(forExisting.body).toEqual(forMissing.body);
  });

  it.each([
    ['get', '/api/articles'],
    ['get', '/api/wall/posts'],
    ['get', '/api/users/count'],
  ])('%s %s (public, reads no token): the same answer for both', async (method, path) => {
    const [forExisting, forMissing] = [await send(method, path, existing), await send(method, path, missing)];
    expect(forExisting.status).toBe(200);
    expect(forMissing.status).toBe(200);
  });

  it.each([
    ['post', '/api/auth/local'],
    ['post', '/api/auth/local/register'],
    ['post', '/api/auth/forgot-password'],
    ['post', '/api/auth/reset-password'],
    ['post', '/api/auth/refresh'],
    ['get', '/api/connect/google'],
    ['get', '/api/auth/email-confirmation'],
    ['get', '/api/users-permissions/roles'],
  ])('the plugin’s %s %s is not served', async (method, path) => {
    const res = await (cms.api as any)[method](path).send({ identifier: 'poet@writory.local', password: 'x', email: 'poet@writory.local' });
    // 405: only the site's GET fallback matches the path.
    expect([404, 405]).toContain(res.status);
    expect(JSON.stringify(res.body)).not.toMatch(/jwt/i);
  });

  it('Firebase ID tokens keep working, on our routes and on the plugins’ routes', async () => {
    const user = await emulator.createUser({ email: 'hardening-poet@writory.test', emailVerified: true });
    const bearer = { Authorization: `Bearer ${user.idToken}` };
    await cms.api.post('/api/users').set(bearer).send({ uid: user.uid, name: 'Hardy Poet' }).expect(200);
    const me = await cms.api.get('/api/users/me').set(bearer).expect(200);
    expect(me.body).toMatchObject({ uid: user.uid });
    // A poet has no media library rights: known, so refused (403), not unknown (401).
    await cms.api.get('/api/upload/files').set(bearer).expect(403);
    // Visitors still get the Public role's rights on the plugins' routes.
    await cms.api.get('/api/upload/files').expect(403);
    await cms.api.get('/api/articles').expect(200);
  });
});
