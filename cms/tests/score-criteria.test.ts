// Scores on the competition's criteria (issue 37): a judge marks each criterion of the entry's competition (a
// story on Plot, Character, …), the server checks every mark against those criteria (422 naming the criterion),
// the criteria a contest is judged on are fixed by its first score, and the report says how many judges read each entry.
import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORY_CRITERIA, type Criterion } from '@writory/shared';
import type { EmulatorUser } from './helpers/auth-emulator';
import { startCmsWithAuth, type CmsWithAuth } from './helpers/cms-with-auth';
import { createEntries, type TestEntry } from './helpers/contest-data';
import { bearer, entryClient } from './helpers/entries';
import { story } from './helpers/story';

const SCORE = 'api::score.score';
const CONTEST = 'api::contest.contest';
const COMPETITION = 'api::competition.competition';
const STORY_MONTH = '2031-07';
const NEXT_MONTH = '2031-08';
const STORY_MARKS = { Plot: 17, Character: 15, Language: 18, 'Emotional Impact': 12, Theme: 14 };
const NEW_CRITERIA: Criterion[] = [
  { name: 'Plot', max: 40 },
  { name: 'Voice', max: 30 },
  { name: 'Theme', max: 30 },
];

describe('scores on the competition’s criteria', () => {
  let stack: CmsWithAuth;
  let api: ReturnType<typeof supertest>;
  let admin: EmulatorUser;
  let judge: EmulatorUser;
  let secondJudge: EmulatorUser;
  let entries: TestEntry[];
  let later: TestEntry[];
  const db = (uid: string) => stack.cms.strapi.db.query(uid as never);
  const scoreOf = (who: EmulatorUser, code: string, body: unknown) =>
    api
      .post(`/api/judging/entries/${code}/scores`)
      .set(bearer(who))
      .send(body as object);

  async function storyContest(month: string): Promise<number> {
    const strapi = stack.cms.strapi;
    const story = await db(COMPETITION).findOne({ where: { slug: 'story' }, select: ['id'] });
    const [year, m] = month.split('-').map(Number);
    const at = (day: number) => new Date(Date.UTC(year!, m! - 1, day));
    const contest = await strapi.db.query(CONTEST).create({
      data: { month, theme: 'Doors', competition: story.id, competitionSlug: 'story', opensAt: at(1), closesAt: at(26), resultsAt: at(28) },
    });
    return contest.id;
  }

  beforeAll(async () => {
    stack = await startCmsWithAuth();
    api = stack.cms.api;
    const client = entryClient(api, stack.emulator, stack.cms.strapi);
    admin = await client.account('criteria-admin', { role: 'admin' });
    judge = await client.account('criteria-judge', { role: 'judge' });
    secondJudge = await client.account('criteria-judge-two', { role: 'judge' });
    const poet = await client.account('criteria-poet');
    const poetRow = await db('plugin::users-permissions.user').findOne({ where: { firebaseUid: poet.uid }, select: ['id'] });
    entries = await createEntries(stack.cms.strapi, await storyContest(STORY_MONTH), STORY_MONTH, [poetRow.id], 3, 'received');
    later = await createEntries(stack.cms.strapi, await storyContest(NEXT_MONTH), NEXT_MONTH, [poetRow.id], 1, 'received');
    for (const entry of [...entries, ...later]) await client.assignJudges(admin, entry.code, [judge, secondJudge]);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('shows the judge the story competition’s criteria, names and maxima', async () => {
    const res = await api.get(`/api/judging/entries/${entries[0]!.code}`).set(bearer(judge)).expect(200);
    expect(res.body).toMatchObject({ competition: { slug: 'story' }, competitionKind: 'story', criteria: STORY_CRITERIA });
  });

  it.each([
    [{ marks: { ...STORY_MARKS, Plot: 21 } }, 'Plot: give a whole number from 0 to 20.'],
    [{ marks: { Plot: 17, Character: 15, Language: 18, 'Emotional Impact': 12 } }, 'Theme: give a mark, a whole number from 0 to 20.'],
    [
      { marks: { ...STORY_MARKS, Structure: 10 } },
      'Structure: this contest is not judged on "Structure". Give a mark for each of: Plot, Character, Language, Emotional Impact, Theme.',
    ],
    [{ structure: 10, creativity: 10, language: 10, emotionalImpact: 10, theme: 10 }, 'Plot: give a mark, a whole number from 0 to 20.'],
    [{ marks: { ...STORY_MARKS, Theme: 9.5 } }, 'marks.Theme: give each mark as a whole number of points'],
  ])('refuses the marks %j with a 422 naming the criterion, and stores nothing', async (body, message) => {
    const before = await db(SCORE).count();
    const res = await scoreOf(judge, entries[1]!.code, body);
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.error.message).toBe(message);
    expect(await db(SCORE).count()).toBe(before);
  });

  // The judge's score of the first entry, given once: the judging report's test needs it too, in either order.
  const judgeScoresFirstEntry = story().step(async () => {
    const res = await scoreOf(judge, entries[0]!.code, { marks: { plot: 17, Character: 15, Language: 18, 'Emotional Impact': 12, Theme: 14 } }).expect(201);
    expect(res.body).toMatchObject({
      total: 76,
      marks: [
        { name: 'Plot', max: 20, points: 17 },
        { name: 'Character', max: 20, points: 15 },
        { name: 'Language', max: 20, points: 18 },
        { name: 'Emotional Impact', max: 20, points: 12 },
        { name: 'Theme', max: 20, points: 14 },
      ],
    });
    const mine = await api.get(`/api/judging/entries/${entries[0]!.code}`).set(bearer(judge)).expect(200);
    expect(mine.body.myScore.marks.map((mark: { name: string }) => mark.name)).toEqual(STORY_CRITERIA.map((c) => c.name));
  });
  it('stores a mark per story criterion by name, with its maximum, and the total', judgeScoresFirstEntry);

  it('keeps a contest on the criteria its judging started with when the admin changes them, and says so', async () => {
    // Judging of the month has started (a second score of the same entry is a 409, which is as good).
    await scoreOf(secondJudge, entries[0]!.code, { marks: STORY_MARKS }).then(() => undefined);
    const story = (await api.get('/api/competitions/story').expect(200)).body;
    const changed = await api
      .put('/api/admin/competitions/story')
      .set(bearer(admin))
      .send({
        slug: 'story',
        name: story.name,
        kind: story.kind,
        tagline: story.tagline,
        languages: story.languages,
        criteria: NEW_CRITERIA,
        maxWords: story.limits.maxWords,
        freeEntriesPerMonth: story.limits.freeEntriesPerMonth,
        active: true,
      })
      .expect(200);
    expect(changed.body.criteria).toEqual(NEW_CRITERIA);
    expect(changed.body.criteriaNotice).toBe(
      `Judging of ${STORY_MONTH} has started, so that contest keeps the criteria its judges are scoring on; the new criteria apply from the next contest no judge has scored yet.`,
    );
    // The month being judged: still the old criteria, for the page and for the check.
    const page = await api.get(`/api/judging/entries/${entries[2]!.code}`).set(bearer(secondJudge)).expect(200);
    expect(page.body.criteria).toEqual(STORY_CRITERIA);
    const refused = await scoreOf(secondJudge, entries[2]!.code, { marks: { Plot: 30, Voice: 20, Theme: 20 } }).expect(422);
    expect(refused.body.error.message).toBe('Plot: give a whole number from 0 to 20.');
    await scoreOf(secondJudge, entries[2]!.code, { marks: STORY_MARKS }).expect(201);
    // The next month, not judged yet: the new criteria.
    expect((await api.get(`/api/judging/entries/${later[0]!.code}`).set(bearer(judge)).expect(200)).body.criteria).toEqual(NEW_CRITERIA);
    const next = await scoreOf(judge, later[0]!.code, { marks: { Plot: 30, Voice: 20, Theme: 20 } }).expect(201);
    expect(next.body.total).toBe(70);
    // Back to the seeded criteria, so the other tests find the story competition as seeded.
    await db(COMPETITION).update({ where: { slug: 'story' }, data: { criteria: STORY_CRITERIA } });
  });

  it('says in the admin’s judging report how many judges read each entry, and the criteria by name', async () => {
    await judgeScoresFirstEntry();
    await scoreOf(secondJudge, entries[0]!.code, { marks: STORY_MARKS }).then(() => undefined);
    const res = await api.get(`/api/judging/report?month=${STORY_MONTH}&competition=story`).set(bearer(admin)).expect(200);
    expect(res.body).toMatchObject({ month: STORY_MONTH, competition: 'story', criteria: STORY_CRITERIA, entries: 3 });
    // Entry 1: both judges; entry 2: nobody (its marks were refused); entry 3: at most one judge here.
    const counts = await Promise.all(entries.map((entry) => db(SCORE).count({ where: { entryId: entry.id } })));
    const sorted = [...counts].sort((a, b) => a - b);
    expect(res.body.judgesRead).toEqual({
      target: res.body.judgesPerEntry,
      min: sorted[0],
      median: sorted[1],
      fewer: counts.filter((count) => count < res.body.judgesPerEntry).length,
    });
    expect(sorted[0]).toBe(0);
  });
});
