// A judging read never writes (issue 38): the first read of a month whose entries have no judges yet answers at
// once that judges are being assigned, and the assignments are made in the background (or at window close by the
// calendar timer). The background job is held at its first step (a gate on its read of the judge pool) until the
// read has answered, so "the read wrote nothing" is checked while nothing else could have written either.
import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorUser } from './helpers/auth-emulator';
import { backgroundIdle } from './helpers/background';
import { startCmsWithAuth, type CmsWithAuth } from './helpers/cms-with-auth';
import { createContest, createEntries, type TestEntry } from './helpers/contest-data';
import { bearer, entryClient } from './helpers/entries';

const USER = 'plugin::users-permissions.user';
const ASSIGNMENT = 'api::score.judge-assignment';
const SCORE = 'api::score.score';

let stack: CmsWithAuth;
let api: ReturnType<typeof supertest>;
let admin: EmulatorUser;
let judge: EmulatorUser;
let poetId: number;

/** While shut, the background job waits before its first query (the active judges); the reads go on. */
let gate: { opened: Promise<void>; open(): void } | null = null;
function shutGate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  gate = { opened, open };
}
function openGate() {
  gate?.open();
  gate = null;
}

/** While set, the order of the queue read's last query and the background job's first one. */
let trail: string[] | null = null;

const assignmentsOf = (contestId: number) => stack.cms.strapi.db.query(ASSIGNMENT).count({ where: { contestId } });

async function month(label: string, count = 3): Promise<{ month: string; contestId: number; entries: TestEntry[] }> {
  const month = label;
  const contestId = await createContest(stack.cms.strapi, month);
  return { month, contestId, entries: await createEntries(stack.cms.strapi, contestId, month, [poetId], count, 'in_judging') };
}

beforeAll(async () => {
  stack = await startCmsWithAuth();
  api = stack.cms.api;
  const strapi = stack.cms.strapi;
  const client = entryClient(api, stack.emulator, strapi);
  admin = await client.account('reads-admin', { role: 'admin' });
  judge = await client.account('reads-judge', { role: 'judge' });
  const poet = await client.account('reads-poet');
  poetId = (await strapi.db.query(USER).findOne({ where: { firebaseUid: poet.uid }, select: ['id'] })).id;
  strapi.db.lifecycles.subscribe({
    models: [USER],
    async beforeFindMany(event: { params?: { where?: unknown } }) {
      if (!JSON.stringify(event.params?.where ?? {}).includes('"judge"')) return;
      trail?.push('job: the active judges');
      if (gate) await gate.opened;
    },
  });
  // The queue's own read of the month's scores (it selects each score's total; the job's read does not).
  strapi.db.lifecycles.subscribe({
    models: [SCORE],
    async beforeFindMany(event: { params?: { select?: string[] } }) {
      if (event.params?.select?.includes('total')) trail?.push('read: the scores');
    },
  });
});

afterAll(async () => {
  openGate();
  await stack?.stop();
});

describe('the judging queue’s first read of a month', () => {
  it('writes no assignment: it answers at once that judges are being assigned, and the background job assigns them', async () => {
    const { month: m, contestId, entries } = await month('2032-03');
    shutGate();
    try {
      const first = await api.get(`/api/judging/queue?month=${m}`).set(bearer(judge)).expect(200);
      expect(first.body).toMatchObject({ month: m, assigning: true, entries: [] });
      expect(await assignmentsOf(contestId)).toBe(0);
      // Reads while the job runs say the same and still write nothing; the job runs once.
      const again = await api.get(`/api/judging/queue?month=${m}`).set(bearer(judge)).expect(200);
      expect(again.body.assigning).toBe(true);
      expect(await assignmentsOf(contestId)).toBe(0);
    } finally {
      openGate();
    }
    await backgroundIdle(stack.cms.strapi);
    expect(await assignmentsOf(contestId)).toBeGreaterThanOrEqual(entries.length);
    const after = await api.get(`/api/judging/queue?month=${m}`).set(bearer(judge)).expect(200);
    expect(after.body.assigning).toBe(false);
    const progress = await api.get(`/api/judging/progress?month=${m}`).set(bearer(admin)).expect(200);
    expect(progress.body.assigning).toBe(false);
    expect(progress.body.assignments.map((a: { code: string; missing: number }) => [a.code, a.missing])).toEqual(
      entries.map((entry) => [entry.code, 0]).sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
  });

  it('answers before the background job reads anything: the job starts once the read has made its own queries', async () => {
    const { month: m, contestId, entries } = await month('2032-06', 4);
    trail = [];
    try {
      const first = await api.get(`/api/judging/queue?month=${m}`).set(bearer(judge)).expect(200);
      expect(first.body.assigning).toBe(true);
      await backgroundIdle(stack.cms.strapi);
      expect(trail).toEqual(['read: the scores', 'job: the active judges']);
    } finally {
      trail = null;
    }
    expect(await assignmentsOf(contestId)).toBeGreaterThanOrEqual(entries.length);
  });

  it('opening an entry that has no judges yet answers 503 with Retry-After and writes nothing', async () => {
    const { contestId, entries } = await month('2032-04', 1);
    shutGate();
    try {
      const res = await api.get(`/api/judging/entries/${entries[0]!.code}`).set(bearer(judge));
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('2');
      expect(res.body.error).toMatchObject({ message: expect.stringMatching(/being assigned/), details: { reason: 'assigning' } });
      expect(await assignmentsOf(contestId)).toBe(0);
    } finally {
      openGate();
    }
    await backgroundIdle(stack.cms.strapi);
    expect(await assignmentsOf(contestId)).toBeGreaterThan(0);
  });

  it('does nothing more when every entry has its judges: one read, no job', async () => {
    const { month: m, contestId } = await month('2032-05', 2);
    await stack.cms.strapi.service('api::score.assignment').ensureAssigned({ id: contestId });
    const written = await assignmentsOf(contestId);
    const res = await api.get(`/api/judging/queue?month=${m}`).set(bearer(judge)).expect(200);
    expect(res.body.assigning).toBe(false);
    await backgroundIdle(stack.cms.strapi);
    expect(await assignmentsOf(contestId)).toBe(written);
  });
});
