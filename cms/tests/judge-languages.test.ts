// Judges read the languages they judge (issue 37): a judge records theirs, an admin sets anyone's, automatic
// assignment gives an entry only to judges who read its language (one no judge reads stays unassigned), and the
// judge-coverage report shows which languages have too few judges.
import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judgeCoverageSchema } from '@writory/shared';
import type { EmulatorUser } from './helpers/auth-emulator';
import { backgroundIdle } from './helpers/background';
import { startCmsWithAuth, type CmsWithAuth } from './helpers/cms-with-auth';
import { createContest, createEntries, type TestEntry } from './helpers/contest-data';
import { bearer, entryClient } from './helpers/entries';
import { startMailSink, type MailSink } from './helpers/mail-sink';
import { story } from './helpers/story';
import { getService } from '../src/services';

const MONTH = '2031-05';
const USER = 'plugin::users-permissions.user';

describe('judges’ languages', () => {
  let stack: CmsWithAuth;
  let api: ReturnType<typeof supertest>;
  let admin: EmulatorUser;
  let tamil: EmulatorUser;
  let hindi: EmulatorUser;
  let entries: TestEntry[];
  let mail: MailSink;
  const codeIn = (language: string) => entries.find((entry) => entry.title.endsWith(language))!.code;
  /** A judge's queue once the month's judges are assigned (a first read starts that in the background: issue 38). */
  const assignedQueue = async (url: string, judge: EmulatorUser) => {
    const first = await api.get(url).set(bearer(judge)).expect(200);
    if (!first.body.assigning) return first;
    await backgroundIdle(stack.cms.strapi);
    return api.get(url).set(bearer(judge)).expect(200);
  };
  const queueOf = async (judge: EmulatorUser) =>
    (await assignedQueue(`/api/judging/queue?month=${MONTH}`, judge)).body.entries.map((e: { code: string }) => e.code);

  beforeAll(async () => {
    mail = await startMailSink();
    stack = await startCmsWithAuth(mail.env);
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
    await mail?.stop();
  });

  // One story (tests/helpers/story.ts): the judges' languages are recorded first, the coverage is read before anything
  // is assigned, then entries are given out by language; any case, run alone or shuffled, runs the steps before it.
  const languages = story();

  it(
    'lets a judge record the languages they read, as codes',
    languages.step(async () => {
      await api
        .put('/api/judging/languages')
        .set(bearer(tamil))
        .send({ languages: ['Tamil', 'en'] })
        .expect(200, { languages: ['ta', 'en'] });
      await api
        .get('/api/judging/languages')
        .set(bearer(tamil))
        .expect(200, { languages: ['ta', 'en'] });
      const bad = await api
        .put('/api/judging/languages')
        .set(bearer(tamil))
        .send({ languages: ['not a language'] })
        .expect(422);
      expect(bad.body.error.message).toMatch(/language code such as en, hi, ta or ur/);
    }),
  );

  it(
    'lets an admin set a judge’s languages, and says when the user does not exist',
    languages.step(async () => {
      await api
        .put(`/api/admin/users/${hindi.uid}/judge-languages`)
        .set(bearer(admin))
        .send({ languages: ['hi'] })
        .expect(200, { uid: hindi.uid, languages: ['hi'] });
      await api
        .get('/api/judging/languages')
        .set(bearer(hindi))
        .expect(200, { languages: ['hi'] });
      await api
        .put('/api/admin/users/no-such-user/judge-languages')
        .set(bearer(admin))
        .send({ languages: ['hi'] })
        .expect(404);
    }),
  );

  it(
    'reports the languages with too few judges before anything is assigned',
    languages.step(async () => {
      const res = await api.get('/api/admin/judge-coverage').set(bearer(admin)).expect(200);
      const rows = judgeCoverageSchema.parse(res.body).data.filter((row) => row.month === MONTH);
      const urdu = rows.find((row) => row.language === 'ur');
      expect(urdu).toMatchObject({ competition: 'poetry', entries: 1, judges: 0, short: true });
      expect(rows.find((row) => row.language === 'ta')).toMatchObject({ entries: 1, judges: 1 });
    }),
  );

  it(
    'gives an entry only to judges who read its language; one nobody reads stays unassigned',
    languages.step(async () => {
      const tamilQueue = await queueOf(tamil);
      const hindiQueue = await queueOf(hindi);
      expect(tamilQueue).toContain(codeIn('Tamil'));
      expect(tamilQueue).not.toContain(codeIn('Hindi'));
      expect(hindiQueue).toEqual([codeIn('Hindi')]);
      const urdu = entries.find((entry) => entry.title.endsWith('Urdu'))!;
      expect(await stack.cms.strapi.db.query('api::score.judge-assignment').count({ where: { entryId: urdu.id } })).toBe(0);
      await api
        .get(`/api/judging/entries/${codeIn('Tamil')}`)
        .set(bearer(hindi))
        .expect(403);
    }),
  );

  it(
    'gives a Regional Languages entry only to a judge who reads it, in that competition’s queue',
    languages.step(async () => {
      const strapi = stack.cms.strapi;
      const regional = await strapi.db.query('api::competition.competition').findOne({ where: { slug: 'regional-languages' }, select: ['id'] });
      const at = (day: number) => new Date(Date.UTC(2031, 5, day));
      const contest = await strapi.db.query('api::contest.contest').create({
        data: { month: '2031-06', competition: regional.id, competitionSlug: 'regional-languages', opensAt: at(1), closesAt: at(26), resultsAt: at(28) },
      });
      const poet = await strapi.db.query(USER).findOne({ where: { email: { $startsWith: 'languages-poet' } }, select: ['id'] });
      const [entry] = await createEntries(strapi, contest.id, '2031-06', [poet.id], 1, 'in_judging');
      await strapi.db.query('api::entry.entry').update({ where: { id: entry!.id }, data: { language: 'ta' } });
      const queue = (judge: EmulatorUser) => assignedQueue('/api/judging/queue?month=2031-06&competition=regional-languages', judge);
      expect((await queue(tamil)).body.entries.map((e: { code: string }) => e.code)).toEqual([entry!.code]);
      expect((await queue(hindi)).body.entries).toEqual([]);
      // Poetry has no contest that month: its queue says so.
      await api.get('/api/judging/queue?month=2031-06').set(bearer(tamil)).expect(404);
      const admins = await api.get('/api/admin/entries?month=2031-06&competition=regional-languages').set(bearer(admin)).expect(200);
      expect(admins.body.rows.map((row: { code: string }) => row.code)).toEqual([entry!.code]);
    }),
  );

  it(
    'emails the admins once, three days before a window closes, which languages lack judges, and assigns judges when it closes',
    languages.step(async () => {
      const strapi = stack.cms.strapi;
      const story = await strapi.db.query('api::competition.competition').findOne({ where: { slug: 'story' }, select: ['id'] });
      const now = Date.now();
      const contest = await strapi.db.query('api::contest.contest').create({
        data: {
          month: '2031-08',
          competition: story.id,
          competitionSlug: 'story',
          opensAt: new Date(now - 86_400_000),
          closesAt: new Date(now + 2 * 86_400_000),
          resultsAt: new Date(now + 5 * 86_400_000),
          datesOverridden: true,
        },
      });
      const poet = await strapi.db.query(USER).findOne({ where: { email: { $startsWith: 'languages-poet' } }, select: ['id'] });
      const [urdu, tamilStory] = await createEntries(strapi, contest.id, '2031-08', [poet.id], 2, 'received');
      await strapi.db.query('api::entry.entry').update({ where: { id: urdu!.id }, data: { language: 'Urdu' } });
      await strapi.db.query('api::entry.entry').update({ where: { id: tamilStory!.id }, data: { language: 'Tamil' } });
      const calendar = getService(strapi, 'api::contest.contest');
      await calendar.runCalendar(new Date(now));
      await calendar.runCalendar(new Date(now + 60_000));
      const subject = 'Writory: too few judges for some languages of the Story Competition, August 2031';
      const [message] = await mail.arrived((m) => m.subject === subject && m.to[0]!.address === admin.email);
      expect(message!.text).toContain('- Urdu (ur): 1 entry, 0 of');
      expect((await mail.emails()).filter((m) => m.subject === subject && m.to[0]!.address === admin.email)).toHaveLength(1);

      // When the window has closed, the calendar gives the entries their judges: the Tamil one to the Tamil judge.
      await calendar.runCalendar(new Date(now + 3 * 86_400_000));
      const assigned = await strapi.db.query('api::score.judge-assignment').findMany({ where: { contestId: contest.id }, select: ['entryId', 'judgeId'] });
      const tamilJudge = await strapi.db.query(USER).findOne({ where: { firebaseUid: tamil.uid }, select: ['id'] });
      expect(assigned).toEqual([{ entryId: tamilStory!.id, judgeId: tamilJudge.id }]);
    }),
  );
});
