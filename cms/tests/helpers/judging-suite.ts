// Fair judging, run on SQLite and on PostgreSQL: a judge never reads their own entry (also after a role change),
// entries are assigned automatically with balanced loads, a judge can recuse, an admin can reassign, and the
// month's judging report gives the judges' agreement (Krippendorff's alpha, checked on his worked example).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EmulatorUser } from './auth-emulator';
import { backgroundIdle } from './background';
import { startCmsOnPostgres } from './cms-on-postgres';
import { startCmsWithAuth, type CmsWithAuth } from './cms-with-auth';
import { createContest, createEntries } from './contest-data';
import { bearer, entryClient, HOUR } from './entries';
import { listening } from './strapi';

const SCORE = 'api::score.score';
const ASSIGNMENT = 'api::score.judge-assignment';
const USER = 'plugin::users-permissions.user';
/** Five criteria (0–20 each) that add up to `total`. */
const marks = (total: number) => {
  const [structure, creativity, language, emotionalImpact, theme] = [0, 1, 2, 3, 4].map((i) => Math.max(0, Math.min(20, total - 20 * i)));
  return { structure, creativity, language, emotionalImpact, theme };
};

// Krippendorff (2011), section C: 4 observers × 12 units, values 1–5, missing values; interval alpha 0.849.
const WORKED_EXAMPLE: (number | null)[][] = [
  [1, 2, 3, 3, 2, 1, 4, 1, 2, null, null, null],
  [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, null, 3],
  [null, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, null],
  [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, null],
];

export function judgingSuite(database: 'sqlite' | 'postgres') {
  describe(`fair judging on ${database}`, () => {
    let stack: CmsWithAuth;
    let api: ReturnType<typeof supertest>;
    let client: ReturnType<typeof entryClient>;
    let privateDir: string;
    let admin: EmulatorUser;
    const judges: EmulatorUser[] = [];
    const db = (uid: string) => stack.cms.strapi.db.query(uid as never);
    const idOf = async (user: EmulatorUser) => (await db(USER).findOne({ where: { firebaseUid: user.uid } })).id as number;
    const as = (user: EmulatorUser) => bearer(user);

    beforeAll(async () => {
      privateDir = mkdtempSync(path.join(tmpdir(), `writory-judging-${database}-`));
      const env = { ADMIN_EMAILS: `judging-admin-${database}@writory.test`, PRIVATE_FILES_DIR: privateDir };
      stack = database === 'postgres' ? await startCmsOnPostgres(env) : await startCmsWithAuth(env);
      api = supertest(await listening(stack.cms));
      client = entryClient(api, stack.emulator, stack.cms.strapi);
      vi.spyOn(stack.cms.strapi.plugin('email').service('email'), 'send').mockResolvedValue(undefined);
      admin = await stack.emulator.createUser({ email: `judging-admin-${database}@writory.test`, emailVerified: true });
      await api.get('/api/users/me').set(as(admin)).expect(200);
      await client.setWindow(new Date(Date.now() - 24 * HOUR), new Date(Date.now() + 24 * HOUR), admin);
      // The demo judge takes part too; three more make four.
      for (const label of ['j1', 'j2', 'j3']) judges.push(await client.account(`${database}-${label}`, { role: 'judge', name: `Judge ${label}` }));
    });

    afterAll(async () => {
      await stack?.stop();
      if (privateDir) rmSync(privateDir, { recursive: true, force: true });
    });

    it('never lets a poet made judge read, open or score their own entry', async () => {
      const poet = await client.account(`${database}-poet-judge`, { name: 'Meera Nair' });
      const res = await client.enter(poet, { fields: { title: 'My own lantern', fullName: 'Meera Nair' } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const { code } = res.body;
      await api.put(`/api/admin/users/${poet.uid}/role`).set(as(admin)).send({ role: 'judge' }).expect(200);

      const queue = await api.get('/api/judging/queue').set(as(poet)).expect(200);
      expect(queue.body.entries.map((e: { code: string }) => e.code)).not.toContain(code);
      for (const request of [
        api.get(`/api/judging/entries/${code}`),
        api.get(`/api/judging/entries/${code}/file`),
        api.post(`/api/judging/entries/${code}/scores`).send(marks(60)),
        api.post(`/api/judging/entries/${code}/recuse`).send({}),
      ]) {
        const refused = await request.set(as(poet));
        expect(refused.status).toBe(403);
        expect(refused.body.error).toMatchObject({ message: expect.stringMatching(/your own entry/), details: { reason: 'own-entry' } });
      }
      expect(await db(SCORE).count({ where: { judgeId: await idOf(poet) } })).toBe(0);
      expect(
        await db(ASSIGNMENT).count({ where: { judgeId: await idOf(poet), entryId: (await db('api::entry.entry').findOne({ where: { code } })).id } }),
      ).toBe(0);

      // Nor can an admin hand it to them.
      const handed = await api
        .put(`/api/judging/entries/${code}/judges`)
        .set(as(admin))
        .send({ judges: [poet.uid] });
      expect(handed.status).toBe(422);
      expect(handed.body.error.details.reason).toBe('own-entry');
      // Back to poet, so the other tests' pool is the four judges.
      await api.put(`/api/admin/users/${poet.uid}/role`).set(as(admin)).send({ role: 'authenticated' }).expect(200);
    });

    it('gives every entry its judges, with loads differing by at most one, and judges read only theirs', async () => {
      const month = '2023-03';
      const contestId = await createContest(stack.cms.strapi, month);
      const poetIds = [await idOf(await client.account(`${database}-balance-poet`))];
      const entries = await createEntries(stack.cms.strapi, contestId, month, poetIds, 10, 'in_judging');
      // The first read assigns nothing itself (issue 38): it says judges are being assigned, in the background.
      const first = await api.get(`/api/judging/progress?month=${month}`).set(as(admin)).expect(200);
      expect(first.body.assigning).toBe(true);
      await backgroundIdle(stack.cms.strapi);
      const progress = await api.get(`/api/judging/progress?month=${month}`).set(as(admin)).expect(200);
      expect(progress.body.assigning).toBe(false);
      expect(progress.body.assignments).toHaveLength(10);
      for (const entry of progress.body.assignments) expect(entry).toMatchObject({ missing: 0, judges: [expect.anything(), expect.anything()] });
      const loads = progress.body.judges.map((j: { assigned: number }) => j.assigned);
      expect(loads).toHaveLength(4);
      expect(loads.reduce((a: number, b: number) => a + b, 0)).toBe(20);
      expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(1);

      // A judge's queue holds exactly their assignments; another entry is refused by code.
      const mine = progress.body.assignments.filter((a: any) => a.judges.some((j: { uid: string }) => j.uid === judges[0].uid)).map((a: any) => a.code);
      const queue = await api.get(`/api/judging/queue?month=${month}`).set(as(judges[0])).expect(200);
      expect(queue.body.entries.map((e: { code: string }) => e.code).sort()).toEqual(mine.sort());
      expect(queue.body.mine).toEqual({ scored: 0, left: mine.length });
      const other = entries.map((e) => e.code).find((code) => !mine.includes(code))!;
      const refused = await api.get(`/api/judging/entries/${other}`).set(as(judges[0]));
      expect(refused.status).toBe(403);
      expect(refused.body.error.details.reason).toBe('not-assigned');
      expect((await api.post(`/api/judging/entries/${other}/scores`).set(as(judges[0])).send(marks(50))).status).toBe(403);
      // Asking again assigns nothing more.
      await api.get(`/api/judging/progress?month=${month}`).set(as(admin)).expect(200);
      expect(await db(ASSIGNMENT).count({ where: { contestId } })).toBe(20);
    });

    it('takes an entry off a judge who recuses and gives it to another; admins see why', async () => {
      const month = '2023-04';
      const contestId = await createContest(stack.cms.strapi, month);
      const [entry] = await createEntries(stack.cms.strapi, contestId, month, [await idOf(await client.account(`${database}-recuse-poet`))], 1, 'in_judging');
      await client.assignJudges(admin, entry.code, [judges[0], judges[1]]);

      for (const [body, message] of [
        [{ note: 'x'.repeat(501) }, /at most 500/],
        [{ note: 'fine', extra: 1 }, /Unknown fields: extra/],
      ] as const) {
        const bad = await api.post(`/api/judging/entries/${entry.code}/recuse`).set(as(judges[0])).send(body);
        expect(bad.status).toBe(422);
        expect(bad.body.error.message).toMatch(message);
      }
      expect(await db(ASSIGNMENT).count({ where: { entryId: entry.id, recusedAt: { $notNull: true } } })).toBe(0);
      // Someone not assigned cannot recuse from it.
      expect((await api.post(`/api/judging/entries/${entry.code}/recuse`).set(as(judges[2])).send({})).status).toBe(403);

      await api.post(`/api/judging/entries/${entry.code}/recuse`).set(as(judges[0])).send({ note: 'I recognise this poem from a reading.' }).expect(200);
      const queue = await api.get(`/api/judging/queue?month=${month}`).set(as(judges[0])).expect(200);
      expect(queue.body.entries).toEqual([]);
      expect((await api.get(`/api/judging/entries/${entry.code}`).set(as(judges[0]))).status).toBe(403);

      const progress = await api.get(`/api/judging/progress?month=${month}`).set(as(admin)).expect(200);
      const judged = progress.body.assignments[0];
      expect(judged.missing).toBe(0);
      expect(judged.judges.map((j: { uid: string }) => j.uid)).not.toContain(judges[0].uid);
      expect(judged.judges.map((j: { uid: string }) => j.uid)).toContain(judges[1].uid);
      expect(progress.body.recusals).toEqual([{ code: entry.code, judge: 'Judge j1', note: 'I recognise this poem from a reading.', at: expect.any(String) }]);
      // The new judge can read it; the recused judge cannot be put back.
      const replacement = judged.judges.find((j: { uid: string }) => j.uid !== judges[1].uid);
      expect(replacement).toBeTruthy();
      const back = await api
        .put(`/api/judging/entries/${entry.code}/judges`)
        .set(as(admin))
        .send({ judges: [judges[0].uid, judges[1].uid] });
      expect(back.status).toBe(422);
      expect(back.body.error.details.reason).toBe('recused');

      // Once a judge has scored, recusing is too late.
      await api.post(`/api/judging/entries/${entry.code}/scores`).set(as(judges[1])).send(marks(55)).expect(201);
      const late = await api.post(`/api/judging/entries/${entry.code}/recuse`).set(as(judges[1])).send({});
      expect(late.status).toBe(409);
      expect(late.body.error.details.reason).toBe('already-scored');
    });

    it('lets an admin set an entry’s judges, refusing who may not judge it', async () => {
      const month = '2023-05';
      const contestId = await createContest(stack.cms.strapi, month);
      const [entry] = await createEntries(stack.cms.strapi, contestId, month, [await idOf(await client.account(`${database}-reassign-poet`))], 1, 'in_judging');
      const set = await client.assignJudges(admin, entry.code, [judges[1], judges[2]]);
      expect(set.judges.map((j: { uid: string }) => j.uid).sort()).toEqual([judges[1].uid, judges[2].uid].sort());
      const stranger = await client.account(`${database}-not-a-judge`);
      for (const [body, status, message] of [
        [{ judges: [stranger.uid] }, 422, /Not an active judge/],
        [{ judges: [judges[1].uid, judges[1].uid] }, 422, /listed twice/],
        [{ judges: 'j1' }, 422, /list of uids/],
        [{}, 422, /judges/],
      ] as const) {
        const bad = await api.put(`/api/judging/entries/${entry.code}/judges`).set(as(admin)).send(body);
        expect(bad.status, JSON.stringify(bad.body)).toBe(status);
        expect(bad.body.error.message).toMatch(message);
      }
      expect(
        (
          await api
            .put(`/api/judging/entries/${entry.code}/judges`)
            .set(as(judges[0]))
            .send({ judges: [judges[0].uid] })
        ).status,
      ).toBe(403);
      const rows = await db(ASSIGNMENT).findMany({ where: { entryId: entry.id } });
      expect(rows.map((row: { judgeId: number }) => row.judgeId).sort()).toEqual([await idOf(judges[1]), await idOf(judges[2])].sort());
    });

    it('an entry deleted in the admin panel takes its scores with it at once (the score domain’s job, not the file sweep’s)', async () => {
      const month = '2023-07';
      const contestId = await createContest(stack.cms.strapi, month);
      const [gone, kept] = await createEntries(
        stack.cms.strapi,
        contestId,
        month,
        [await idOf(await client.account(`${database}-deleted-poet`))],
        2,
        'in_judging',
      );
      for (const entry of [gone, kept]) {
        await client.assignJudges(admin, entry.code, [judges[0]]);
        await api.post(`/api/judging/entries/${entry.code}/scores`).set(as(judges[0])).send(marks(70)).expect(201);
      }
      expect(await db(SCORE).count({ where: { entryId: { $in: [gone.id, kept.id] } } })).toBe(2);

      const { documentId } = await db('api::entry.entry').findOne({ where: { id: gone.id }, select: ['documentId'] });
      await stack.cms.strapi.documents('api::entry.entry').delete({ documentId });

      expect(await db(SCORE).count({ where: { entryId: gone.id } })).toBe(0);
      expect(await db(SCORE).count({ where: { entryId: kept.id } })).toBe(1);
    });

    it('publishes a judging report whose agreement figure is Krippendorff’s worked example (0.849)', async () => {
      const month = '2023-06';
      const contestId = await createContest(stack.cms.strapi, month);
      const entries = await createEntries(stack.cms.strapi, contestId, month, [await idOf(await client.account(`${database}-report-poet`))], 12, 'in_judging');
      const raters = [admin, ...judges];
      for (const [unit, entry] of entries.entries()) {
        const readers = WORKED_EXAMPLE.flatMap((row, rater) => (row[unit] === null ? [] : [raters[rater]]));
        const judgeReaders = readers.filter((reader) => reader !== admin);
        if (judgeReaders.length) await client.assignJudges(admin, entry.code, judgeReaders);
        for (const [rater, row] of WORKED_EXAMPLE.entries()) {
          if (row[unit] === null) continue;
          await api.post(`/api/judging/entries/${entry.code}/scores`).set(as(raters[rater])).send(marks(row[unit]!)).expect(201);
        }
      }
      // Not public before the results are.
      expect((await api.get(`/api/judging/reports/${month}`)).status).toBe(404);
      const detailed = await api.get(`/api/judging/report?month=${month}`).set(as(admin)).expect(200);
      expect(detailed.body.agreement.value).toBeCloseTo(0.849, 3);

      await api.post('/api/admin/results/publish').set(as(admin)).send({ month }).expect(200);
      const report = await api.get(`/api/judging/reports/${month}`).expect(200);
      expect(report.body).toMatchObject({
        month,
        entries: 12,
        judges: 4,
        judgesPerEntry: 2,
        method: 'mean',
        agreement: { statistic: 'krippendorff-alpha-interval', value: 0.849, pairedEntries: 11, meaning: expect.stringMatching(/agreed closely/) },
      });
      expect(report.body.meanJudgesPerEntry).toBeCloseTo(41 / 12, 2);
      // What only admins see stays out of the public report.
      expect(report.body).not.toHaveProperty('judgeDetails');
      expect(JSON.stringify(report.body)).not.toMatch(/Judge j|@writory/);
      expect(detailed.body.judgeDetails).toHaveLength(4);
      expect((await api.get(`/api/judging/report?month=${month}`).set(as(judges[0]))).status).toBe(403);
      expect((await api.get('/api/judging/reports/2023-13')).status).toBe(422);
    });
  });
}
