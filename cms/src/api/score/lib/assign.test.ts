import { describe, expect, it } from 'vitest';
import { planAssignments, type EntryToAssign } from './assign';

const fresh = (count: number, poetOf: (i: number) => number | null = () => null): EntryToAssign[] =>
  Array.from({ length: count }, (_, i) => ({ entryId: i + 1, poetId: poetOf(i), judges: [], excluded: [] }));

const loadsOf = (plan: { judgeId: number }[], judges: number[]) => judges.map((id) => plan.filter((a) => a.judgeId === id).length);

describe('planAssignments', () => {
  it.each([
    [10, [1, 2, 3], 2],
    [7, [1, 2, 3, 4], 2],
    [5, [1, 2], 2],
    [11, [1, 2, 3, 4, 5], 3],
    [1, [1, 2, 3], 1],
  ])('gives %i entries their judges with loads differing by at most one (judges %j, %i per entry)', (count, judges, perEntry) => {
    const plan = planAssignments(fresh(count), judges, new Map(), perEntry);
    for (let entryId = 1; entryId <= count; entryId++) {
      const mine = plan.filter((a) => a.entryId === entryId).map((a) => a.judgeId);
      expect(new Set(mine).size).toBe(Math.min(perEntry, judges.length));
    }
    const loads = loadsOf(plan, judges);
    expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(1);
  });

  it('never gives a poet their own entry, and keeps the others balanced', () => {
    // Judge 1 wrote entries 1 and 2 (a poet later made a judge).
    const entries = fresh(9, (i) => (i < 2 ? 1 : null));
    const plan = planAssignments(entries, [1, 2, 3], new Map(), 2);
    expect(plan.filter((a) => a.judgeId === 1 && a.entryId <= 2)).toEqual([]);
    for (let entryId = 1; entryId <= 9; entryId++) expect(plan.filter((a) => a.entryId === entryId)).toHaveLength(2);
    const loads = loadsOf(plan, [1, 2, 3]);
    expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(1);
  });

  it('respects recusals and fills only what is missing, counting existing loads', () => {
    const entries: EntryToAssign[] = [
      { entryId: 1, poetId: null, judges: [1], excluded: [2] },
      { entryId: 2, poetId: null, judges: [1, 3], excluded: [] },
    ];
    const plan = planAssignments(
      entries,
      [1, 2, 3, 4],
      new Map([
        [1, 2],
        [3, 1],
        [4, 5],
      ]),
      2,
    );
    expect(plan).toEqual([{ entryId: 1, judgeId: 3 }]);
  });

  it('leaves an entry short when no eligible judge is left, rather than breaking a rule', () => {
    const plan = planAssignments([{ entryId: 1, poetId: 1, judges: [], excluded: [2] }], [1, 2, 3], new Map(), 2);
    expect(plan).toEqual([{ entryId: 1, judgeId: 3 }]);
  });

  it('is the same plan whatever order the entries come in (every instance agrees)', () => {
    const entries = fresh(8);
    const a = planAssignments(entries, [3, 1, 2], new Map(), 2);
    const b = planAssignments([...entries].reverse(), [3, 1, 2], new Map(), 2);
    expect(new Set(a.map((x) => `${x.entryId}:${x.judgeId}`))).toEqual(new Set(b.map((x) => `${x.entryId}:${x.judgeId}`)));
  });
});
