import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planAssignments, type EntryToAssign } from './assign';

const judgeIds = fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 8 });

/** Entries whose poets may be judges, with recusals and judges already assigned. */
const month = judgeIds.chain((judges) =>
  fc.record({
    judges: fc.constant(judges),
    entries: fc.uniqueArray(
      fc.record({
        entryId: fc.integer({ min: 1, max: 200 }),
        poetId: fc.option(fc.constantFrom(...judges, 99)),
        judges: fc.subarray(judges, { maxLength: Math.min(2, judges.length) }),
        excluded: fc.subarray(judges, { maxLength: Math.min(3, judges.length) }),
      }),
      { maxLength: 25, selector: (e) => e.entryId },
    ),
    perEntry: fc.integer({ min: 1, max: 4 }),
    loads: fc.array(fc.tuple(fc.constantFrom(...judges), fc.nat(5))).map((pairs) => new Map(pairs)),
  }),
);

describe('planAssignments', () => {
  it('never gives an entry to its own poet, to a judge who recused, or to a judge it already has', () => {
    fc.assert(
      fc.property(month, ({ judges, entries, perEntry, loads }) => {
        const byId = new Map(entries.map((e) => [e.entryId, e]));
        const plan = planAssignments(entries, judges, loads, perEntry);
        const seen = new Set<string>();
        for (const { entryId, judgeId } of plan) {
          const entry = byId.get(entryId)!;
          expect(judges).toContain(judgeId);
          expect(judgeId).not.toBe(entry.poetId);
          expect(entry.excluded).not.toContain(judgeId);
          expect(entry.judges).not.toContain(judgeId);
          expect(seen.has(`${entryId}/${judgeId}`)).toBe(false);
          seen.add(`${entryId}/${judgeId}`);
        }
      }),
    );
  });

  it('fills every entry up to its number of judges, as far as its eligible judges allow, and no further', () => {
    fc.assert(
      fc.property(month, ({ judges, entries, perEntry, loads }) => {
        const plan = planAssignments(entries, judges, loads, perEntry);
        for (const entry of entries) {
          const has = new Set(entry.judges);
          const added = plan.filter((a) => a.entryId === entry.entryId).length;
          const available = judges.filter((id) => !has.has(id) && id !== entry.poetId && !entry.excluded.includes(id)).length;
          expect(added).toBe(Math.max(0, Math.min(perEntry - has.size, available)));
        }
      }),
    );
  });

  it('spreads the work: without conflicts, loads that start equal differ by at most one', () => {
    fc.assert(
      fc.property(
        judgeIds,
        fc.uniqueArray(fc.integer({ min: 1, max: 500 }), { maxLength: 40 }),
        fc.integer({ min: 1, max: 4 }),
        fc.nat(3),
        (judges, entryIds, perEntry, start) => {
          const entries: EntryToAssign[] = entryIds.map((entryId) => ({ entryId, poetId: null, judges: [], excluded: [] }));
          const loads = new Map(judges.map((id) => [id, start]));
          const plan = planAssignments(entries, judges, loads, perEntry);
          const count = new Map(judges.map((id) => [id, 0]));
          for (const { judgeId } of plan) count.set(judgeId, count.get(judgeId)! + 1);
          const values = [...count.values()];
          expect(Math.max(...values) - Math.min(...values)).toBeLessThanOrEqual(1);
          expect(plan.length).toBe(entries.length * Math.min(perEntry, judges.length));
        },
      ),
    );
  });

  it('plans the same on every instance: whatever the entries’ order, and without changing the loads it was given', () => {
    fc.assert(
      fc.property(month, ({ judges, entries, perEntry, loads }) => {
        const given = new Map(loads);
        const plan = planAssignments(entries, judges, loads, perEntry);
        expect(loads).toEqual(given);
        expect(planAssignments([...entries].reverse(), judges, loads, perEntry)).toEqual(plan);
      }),
    );
  });

  it('gives each new assignment to a least-loaded eligible judge', () => {
    fc.assert(
      fc.property(month, ({ judges, entries, perEntry, loads }) => {
        const plan = planAssignments(entries, judges, loads, perEntry);
        const load = new Map(judges.map((id) => [id, loads.get(id) ?? 0]));
        const byId = new Map(entries.map((e) => [e.entryId, e]));
        // Replay the plan entry by entry: each entry's new judges are the least loaded of its eligible ones.
        const groups = new Map<number, number[]>();
        for (const { entryId, judgeId } of plan) groups.set(entryId, [...(groups.get(entryId) ?? []), judgeId]);
        for (const [entryId, chosen] of groups) {
          const entry = byId.get(entryId)!;
          const eligible = judges.filter((id) => !entry.judges.includes(id) && id !== entry.poetId && !entry.excluded.includes(id));
          const passedOver = eligible.filter((id) => !chosen.includes(id));
          for (const id of chosen) for (const other of passedOver) expect(load.get(id)!).toBeLessThanOrEqual(load.get(other)!);
          for (const id of chosen) load.set(id, load.get(id)! + 1);
        }
      }),
    );
  });
});

describe('planAssignments: examples', () => {
  it('breaks equal loads by the lowest judge id', () => {
    expect(planAssignments([{ entryId: 1, poetId: null, judges: [], excluded: [] }], [3, 1, 2], new Map(), 1)).toEqual([{ entryId: 1, judgeId: 1 }]);
    expect(planAssignments([{ entryId: 1, poetId: null, judges: [], excluded: [] }], [3, 1, 2], new Map([[1, 1]]), 2)).toEqual([
      { entryId: 1, judgeId: 2 },
      { entryId: 1, judgeId: 3 },
    ]);
  });

  it('serves the entry with the fewest possible judges first, so the loads stay even', () => {
    // Entry 20 can only go to judge 1 (its poet is judge 2, or judge 2 recused): it is planned before entry 5.
    expect(
      planAssignments(
        [
          { entryId: 5, poetId: null, judges: [], excluded: [] },
          { entryId: 20, poetId: 2, judges: [], excluded: [] },
        ],
        [1, 2],
        new Map(),
        1,
      ),
    ).toEqual([
      { entryId: 20, judgeId: 1 },
      { entryId: 5, judgeId: 2 },
    ]);
    expect(
      planAssignments(
        [
          { entryId: 5, poetId: null, judges: [], excluded: [] },
          { entryId: 20, poetId: null, judges: [], excluded: [2] },
        ],
        [1, 2],
        new Map(),
        1,
      ),
    ).toEqual([
      { entryId: 20, judgeId: 1 },
      { entryId: 5, judgeId: 2 },
    ]);
  });
});
