// Judges read the languages they judge (issue 37): a judge records theirs, an admin sets anyone's, automatic
// assignment gives an entry only to judges who read its language (one no judge reads stays unassigned), and the
// judge-coverage report shows which languages have too few judges.
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judgeCoverageSchema } from '@writory/shared';
import type { EmulatorUser } from './helpers/auth-emulator';
import { startCmsWithAuth, type CmsWithAuth } from './helpers/cms-with-auth';
import { createContest, createEntries, type TestEntry } from './helpers/contest-data';
import { bearer, entryClient } from './helpers/entries';

const MONTH = '2031-05';
const USER = 'plugin::users-permissions.user';

describe('judges’ languages', () => {
  let stack: CmsWithAuth;
  let api: ReturnType<typeof supertest>;
  let admin: EmulatorUser;
  let tamil: EmulatorUser;
  let hindi: EmulatorUser;
  let entries: TestEntry[];
  const codeIn = (language: string) => entries.find((entry) => entry.title.endsWith(language))!.code;
  const queueOf = async (judge: EmulatorUser) => (await api.get(`/api/judging/queue?month=${MONTH}`).set(bearer(judge)).expect(200)).body.entries.map((e: { code: string }) => e.code);

  beforeAll(async () => {
    stack = await startCmsWithAuth();
    api = stack.cms.api;
    const strapi = stack.cms.strapi;
    const client = entryClient(api, stack.emulator, strapi);
    admin = await client.account('languages-admin', { role: 'admin' });
    tamil = await client.account('tamil-judge', { role: 'judge' });
    hindi = await client.account('hindi-judge', { role: 'judge' });
    const poet = await client.account('languages-poet');
    // Every other judge (the demo's) reads English only, so who reads what is decided here.
    const others: { id: number }[] = await strapi.db.query(USER).findMany({ where: { role: { type: 'judge' } }, select: ['id'] });
    for (const { id } of others) await strapi.db.query(USER).update({ where: { id }, data: { judgeLanguages: ['en'] } });
    const poetRow = await strapi.db.query(USER).findOne({ where: { firebaseUid: poet.uid }, select: ['id'] });
    const contestId = await createContest(strapi, MONTH);
    entries = await createEntries(strapi, contestId, MONTH, [poetRow.id], 3, 'in_judging');
    for (const [entry, language] of entries.map((entry, i) => [entry, ['Tamil', 'Hindi', 'Urdu'][i]!] as const)) {
      await strapi.db.query('api::entry.entry').update({ where: { id: entry.id }, data: { language, title: `${entry.title} in ${language}` } });
      entry.title = `${entry.title} in ${language}`;
    }
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('lets a judge record the languages they read, as codes', async () => {
    await api.put('/api/judging/languages').set(bearer(tamil)).send({ languages: ['Tamil', 'en'] }).expect(200, { languages: ['ta', 'en'] });
    await api.get('/api/judging/languages').set(bearer(tamil)).expect(200, { languages: ['ta', 'en'] });
    const bad = await api.put('/api/judging/languages').set(bearer(tamil)).send({ languages: ['not a language'] }).expect(422);
    expect(bad.body.error.message).toMatch(/language code such as en, hi, ta or ur/);
  });

  it('lets an admin set a judge’s languages, and says when the user does not exist', async () => {
    await api.put(`/api/admin/users/${hindi.uid}/judge-languages`).set(bearer(admin)).send({ languages: ['hi'] }).expect(200, { uid: hindi.uid, languages: ['hi'] });
    await api.get('/api/judging/languages').set(bearer(hindi)).expect(200, { languages: ['hi'] });
    await api.put('/api/admin/users/no-such-user/judge-languages').set(bearer(admin)).send({ languages: ['hi'] }).expect(404);
  });

  it('reports the languages with too few judges before anything is assigned', async () => {
    const res = await api.get('/api/admin/judge-coverage').set(bearer(admin)).expect(200);
    const rows = judgeCoverageSchema.parse(res.body).data.filter((row) => row.month === MONTH);
    const urdu = rows.find((row) => row.language === 'ur');
    expect(urdu).toMatchObject({ competition: 'poetry', entries: 1, judges: 0, short: true });
    expect(rows.find((row) => row.language === 'ta')).toMatchObject({ entries: 1, judges: 1 });
  });

  it('gives an entry only to judges who read its language; one nobody reads stays unassigned', async () => {
    const tamilQueue = await queueOf(tamil);
    const hindiQueue = await queueOf(hindi);
    expect(tamilQueue).toContain(codeIn('Tamil'));
    expect(tamilQueue).not.toContain(codeIn('Hindi'));
    expect(hindiQueue).toEqual([codeIn('Hindi')]);
    const urdu = entries.find((entry) => entry.title.endsWith('Urdu'))!;
    expect(await stack.cms.strapi.db.query('api::score.judge-assignment').count({ where: { entryId: urdu.id } })).toBe(0);
    await api.get(`/api/judging/entries/${codeIn('Tamil')}`).set(bearer(hindi)).expect(403);
  });
});
