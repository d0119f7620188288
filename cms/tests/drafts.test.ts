// Drafts (issue 40): a poet saves an entry's details and file before entering; private, counted against nothing;
// entered later with one request while the window is open, every entry rule running then (a refusal keeps the
// draft); drafts a year old are deleted, their poet told 30 days before (bell and email).
import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECLARATION_KEYS } from '@writory/shared';
import type { EmulatorUser } from './helpers/auth-emulator';
import { startCmsWithAuth, type CmsWithAuth } from './helpers/cms-with-auth';
import { bearer, entryClient, HOUR } from './helpers/entries';
import { startMailSink, type MailSink } from './helpers/mail-sink';
import { makeDocx } from './helpers/poem-files';
import { getService } from '../src/services';

const DRAFT = 'api::entry.draft';
const ENTRY = 'api::entry.entry';
const DAY = 24 * HOUR;

describe('drafts', () => {
  let stack: CmsWithAuth;
  let mail: MailSink;
  let api: ReturnType<typeof supertest>;
  let client: ReturnType<typeof entryClient>;
  let admin: EmulatorUser;
  let poet: EmulatorUser;
  let other: EmulatorUser;
  const db = (uid: string) => stack.cms.strapi.db.query(uid as never);
  const userIdOf = async (user: EmulatorUser) =>
    (await db('plugin::users-permissions.user').findOne({ where: { firebaseUid: user.uid }, select: ['id'] })).id as number;

  const details = { title: 'Salt Road', language: 'English', fullName: 'Mira Okafor', phone: '+44 7700 900123', country: 'GB' };
  /** POST /api/entries/drafts as /submit sends it; the answer's status must be `status`. */
  async function saveDraft(user: EmulatorUser, fields: Record<string, string> = details, status = 201) {
    let req = api
      .post('/api/entries/drafts')
      .set(bearer(user))
      .attach('poem', await makeDocx('Salt on the road\nand the sea behind us'), 'salt-road.docx');
    for (const [key, value] of Object.entries(fields)) req = req.field(key, value);
    const res = await req;
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    return res;
  }
  const enterDraft = (user: EmulatorUser, id: number, declarations = DECLARATION_KEYS.join(',')) =>
    api.post(`/api/entries/drafts/${id}/enter`).set(bearer(user)).send({ declarations });
  const allowance = async (user: EmulatorUser) => (await api.get('/api/entries/allowance').set(bearer(user)).expect(200)).body;
  const openWindow = () => client.setWindow(new Date(Date.now() - HOUR), new Date(Date.now() + 48 * HOUR), admin);
  const closeWindow = () => client.setWindow(new Date(Date.now() - 48 * HOUR), new Date(Date.now() - HOUR), admin);

  beforeAll(async () => {
    mail = await startMailSink();
    stack = await startCmsWithAuth(mail.env);
    api = stack.cms.api;
    client = entryClient(api, stack.emulator, stack.cms.strapi);
    admin = await client.account('drafts-admin', { role: 'admin' });
    poet = await client.account('drafts-poet');
    other = await client.account('drafts-other');
    await closeWindow();
  });

  afterAll(async () => {
    await stack?.stop();
    await mail?.stop();
  });

  it('saves a draft while the window is closed, counting against nothing, for its poet’s eyes only', async () => {
    const before = { entries: await db(ENTRY).count(), credits: await db('api::payment.entry-credit').count() };
    const res = await saveDraft(poet);
    expect(res.body).toMatchObject({
      id: expect.any(Number),
      competition: { slug: 'poetry', name: 'Poetry' },
      title: 'Salt Road',
      fullName: 'Mira Okafor',
      fileName: 'salt-road.docx',
      fileType: 'docx',
      wordCount: 9,
    });
    expect(new Date(res.body.expiresAt).getTime() - new Date(res.body.savedAt).getTime()).toBe(365 * DAY);
    expect({ entries: await db(ENTRY).count(), credits: await db('api::payment.entry-credit').count() }).toEqual(before);

    const mine = (await api.get('/api/entries/drafts').set(bearer(poet)).expect(200)).body.data;
    expect(mine.map((d: { id: number }) => d.id)).toContain(res.body.id);
    expect((await api.get('/api/entries/drafts').set(bearer(other)).expect(200)).body.data).toEqual([]);
    // Another poet cannot enter or delete it: to them it does not exist.
    await enterDraft(other, res.body.id).expect(404);
    await api.delete(`/api/entries/drafts/${res.body.id}`).set(bearer(other)).expect(404);
    expect(await db(DRAFT).count({ where: { id: res.body.id } })).toBe(1);
  });

  it.each([
    ['an unknown competition', { ...details, competition: 'no-such-thing' }, 404, /^There is no competition "no-such-thing"/],
    ['a bad phone number', { ...details, phone: 'call me' }, 422, /^phone: Enter a phone number/],
    ['a language the competition does not take', { ...details, competition: 'regional-languages', language: 'English' }, 422, /English/],
  ])('refuses %s, storing nothing', async (_name, fields, status, message) => {
    const before = await db(DRAFT).count();
    const res = await saveDraft(poet, fields, status);
    expect(res.body.error.message).toMatch(message);
    expect(await db(DRAFT).count()).toBe(before);
  });

  it('refuses a draft without a file, or with a file that is not a poem', async () => {
    const before = await db(DRAFT).count();
    const none = await api.post('/api/entries/drafts').set(bearer(poet)).field('title', 'Nothing').expect(422);
    expect(none.body.error.message).toBe('Attach your poem: a .docx or .pdf file in the field "poem".');
    const exe = await api.post('/api/entries/drafts').set(bearer(poet)).attach('poem', Buffer.from('MZ\x90\x00 not a poem'), 'poem.docx');
    expect(exe.status).toBeGreaterThanOrEqual(400);
    expect(exe.status).toBeLessThan(500);
    expect(await db(DRAFT).count()).toBe(before);
  });

  it('enters a draft only while the window is open and the draft is complete; a refusal keeps the draft', async () => {
    const saved = (await saveDraft(poet)).body;
    await closeWindow();
    const closed = await enterDraft(poet, saved.id).expect(403);
    expect(closed.body.error.message).toMatch(/^Submissions are closed/);

    await openWindow();
    const untitled = (await saveDraft(poet, { language: 'English', fullName: 'Mira Okafor', phone: '+44 7700 900123', country: 'GB' })).body;
    const unfinished = await enterDraft(poet, untitled.id).expect(422);
    expect(unfinished.body.error.message).toBe('This draft is not ready to enter: Give your poem a title. Save the draft again with it, then enter it.');
    const undeclared = await enterDraft(poet, saved.id, 'original').expect(422);
    expect(undeclared.body.error.message).toMatch(/Tick the declaration/);
    expect(await db(DRAFT).count({ where: { id: { $in: [saved.id, untitled.id] } } })).toBe(2);

    const used = (await allowance(poet)).used;
    const receipt = await enterDraft(poet, saved.id).expect(201);
    expect(receipt.body).toMatchObject({ code: expect.stringMatching(/^W\d{4}-/), title: 'Salt Road', competition: { slug: 'poetry' } });
    expect((await allowance(poet)).used).toBe(used + 1);
    const entry = await db(ENTRY).findOne({ where: { code: receipt.body.code } });
    expect(entry).toMatchObject({ title: 'Salt Road', contactName: 'Mira Okafor', fileName: 'salt-road.docx', status: 'received' });
    // Entered once: the draft and its file are gone, and sending it again finds nothing.
    expect(await db(DRAFT).count({ where: { id: saved.id } })).toBe(0);
    await enterDraft(poet, saved.id).expect(404);
  });

  it('runs the entry allowance when a draft is entered: with no entries left it is refused and kept', async () => {
    await openWindow();
    const poor = await client.account('drafts-poor');
    const saved = (await saveDraft(poor)).body;
    const settings = await stack.cms.strapi.documents('api::site-setting.site-setting').findFirst();
    const update = (value: number) =>
      stack.cms.strapi.documents('api::site-setting.site-setting').update({ documentId: settings!.documentId, data: { maxEntriesPerMonth: value } as never });
    await update(0);
    try {
      const res = await enterDraft(poor, saved.id);
      expect([402, 403]).toContain(res.status);
      expect(res.body.error.message).toMatch(/entry credits|entries/);
      expect(await db(DRAFT).count({ where: { id: saved.id } })).toBe(1);
    } finally {
      await update((settings as unknown as { maxEntriesPerMonth: number }).maxEntriesPerMonth);
    }
  });

  it('deletes its own draft and its file', async () => {
    const saved = (await saveDraft(poet)).body;
    const row = await db(DRAFT).findOne({ where: { id: saved.id } });
    const files = getService(stack.cms.strapi, 'api::entry.storage').privateFiles();
    expect(await files.exists(row.fileKey)).toBe(true);
    await api.delete(`/api/entries/drafts/${saved.id}`).set(bearer(poet)).expect(204);
    expect(await db(DRAFT).count({ where: { id: saved.id } })).toBe(0);
    expect(await files.exists(row.fileKey)).toBe(false);
  });

  it('tells the poet 30 days before a year-old draft is deleted (bell and email, once), then deletes it with notice', async () => {
    const lapsed = await client.account('drafts-lapsed');
    const saved = (await saveDraft(lapsed, { ...details, title: 'Old Lighthouse' })).body;
    const userId = await userIdOf(lapsed);
    const drafts = getService(stack.cms.strapi, 'api::entry.drafts');
    const now = new Date();
    await db(DRAFT).update({ where: { id: saved.id }, data: { savedAt: new Date(now.getTime() - 340 * DAY) } });

    expect((await drafts.expire(now)).noticed).toBeGreaterThanOrEqual(1);
    expect(await drafts.expire(now)).toMatchObject({ noticed: 0 });
    const notes = await db('api::notification.notification').findMany({ where: { userId, title: 'A draft will be deleted soon' } });
    expect(notes).toHaveLength(1);
    expect(notes[0].message).toMatch(/^Your draft “Old Lighthouse” has not been saved for almost a year: it will be deleted on /);
    const [email] = await mail.arrived((m) => m.subject === 'Writory: a draft will be deleted soon' && m.to[0]!.address === lapsed.email);
    expect(email!.text).toContain('Old Lighthouse');
    expect(await db(DRAFT).count({ where: { id: saved.id } })).toBe(1);

    // A year old, and told 30 days ago: deleted, and the poet told.
    await db(DRAFT).update({
      where: { id: saved.id },
      data: { savedAt: new Date(now.getTime() - 366 * DAY), expiryNoticeAt: new Date(now.getTime() - 31 * DAY) },
    });
    expect((await drafts.expire(now)).deleted).toBeGreaterThanOrEqual(1);
    expect(await db(DRAFT).count({ where: { id: saved.id } })).toBe(0);
    expect(await db('api::notification.notification').count({ where: { userId, title: 'A draft was deleted' } })).toBe(1);
  });
});
