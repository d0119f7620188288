// A judge's marks against the criteria a contest is judged on (issue 37): one pure check both the cms (the 422)
// and the site (the form) use.
import type { Criterion } from './competitions.ts';
import { CRITERIA, CRITERION_KEYS, CRITERION_MAX, type CriterionKey, type CriterionScores, type ScoreMark } from './entries.ts';

export interface MarkProblem {
  /** The criterion the problem is about (as the judge sent it, for an unknown one). */
  criterion: string;
  message: string;
}

const key = (name: string) => name.normalize('NFC').trim().toLocaleLowerCase('en');

/**
 * The judge's marks (criterion name → points) as the contest's marks, in the criteria's order, or the problems:
 * a criterion without a mark, a mark for a criterion the contest is not judged on, points outside 0 to the maximum.
 * Names match without regard to case and surrounding spaces.
 */
export function checkMarks(criteria: readonly Criterion[], given: Record<string, number>): { marks: ScoreMark[]; problems: MarkProblem[] } {
  const problems: MarkProblem[] = [];
  const unknown: MarkProblem[] = [];
  const byName = new Map(criteria.map((criterion) => [key(criterion.name), criterion]));
  const names = criteria.map((criterion) => criterion.name).join(', ');
  const points = new Map<string, number>();
  for (const [name, value] of Object.entries(given)) {
    const criterion = byName.get(key(name));
    if (!criterion) {
      unknown.push({ criterion: name, message: `${name}: this contest is not judged on "${name}". Give a mark for each of: ${names}.` });
      continue;
    }
    points.set(criterion.name, value);
  }
  const marks: ScoreMark[] = [];
  for (const criterion of criteria) {
    const value = points.get(criterion.name);
    const range = `a whole number from 0 to ${criterion.max}`;
    if (value === undefined) problems.push({ criterion: criterion.name, message: `${criterion.name}: give a mark, ${range}.` });
    else if (!Number.isInteger(value) || value < 0 || value > criterion.max)
      problems.push({ criterion: criterion.name, message: `${criterion.name}: give ${range}.` });
    else marks.push({ name: criterion.name, max: criterion.max, points: value });
  }
  // The criteria's own problems first, in their order; then marks for criteria the contest does not have.
  return { marks, problems: [...problems, ...unknown] };
}

/** The sum of the marks' points: a score's total. */
export const marksTotal = (marks: readonly Pick<ScoreMark, 'points'>[]): number => marks.reduce((sum, mark) => sum + mark.points, 0);

/**
 * Marks averaged per criterion over several judges (the poet's score card), in the first judge's criteria order,
 * rounded to two decimals as scores are.
 */
export function meanMarks(scores: readonly (readonly ScoreMark[])[]): ScoreMark[] {
  const sums = new Map<string, { max: number; points: number; n: number }>();
  for (const marks of scores) {
    for (const mark of marks) {
      const sum = sums.get(mark.name) ?? { max: mark.max, points: 0, n: 0 };
      sum.points += mark.points;
      sum.n += 1;
      sums.set(mark.name, sum);
    }
  }
  return [...sums].map(([name, sum]) => ({ name, max: sum.max, points: Math.round((sum.points / sum.n) * 100) / 100 }));
}

/** The five poetry criteria's points as marks (a score or result from before issue 37, or a results CSV). */
export function marksFromCriteria(criteria: Partial<Record<CriterionKey, number | null>>): ScoreMark[] | null {
  if (!CRITERION_KEYS.every((key) => typeof criteria[key] === 'number')) return null;
  return CRITERION_KEYS.map((key) => ({ name: CRITERIA[key], max: CRITERION_MAX, points: criteria[key] as number }));
}

/** Marks on exactly the five poetry criteria as their keyed points (the results CSV's columns); null for any other criteria. */
export function criteriaFromMarks(marks: readonly ScoreMark[] | null | undefined): CriterionScores | null {
  if (!marks || marks.length !== CRITERION_KEYS.length) return null;
  const out: Partial<CriterionScores> = {};
  for (const key of CRITERION_KEYS) {
    const mark = marks.find((m) => m.name === CRITERIA[key]);
    if (!mark) return null;
    out[key] = mark.points;
  }
  return out as CriterionScores;
}
