// The judge's score form: one whole number per criterion of the entry's competition (0 to its maximum), and their total.
import type { Criterion, ScoreInput } from '@writory/shared';

/** What the judge has typed, by criterion name. */
export type ScoreDraft = Record<string, string>;

export const emptyScoreDraft = (criteria: readonly Criterion[]): ScoreDraft => Object.fromEntries(criteria.map((criterion) => [criterion.name, '']));

const valid = (value: string | undefined, max: number) => value !== undefined && /^\d{1,3}$/.test(value.trim()) && Number(value) <= max;

/** The criteria (names) whose value is not a whole number from 0 to the criterion's maximum. */
export function invalidCriteria(criteria: readonly Criterion[], draft: ScoreDraft): string[] {
  return criteria.filter((criterion) => !valid(draft[criterion.name], criterion.max)).map((criterion) => criterion.name);
}

/** The total so far (invalid or empty values count 0). */
export function draftTotal(criteria: readonly Criterion[], draft: ScoreDraft): number {
  return criteria.reduce((sum, criterion) => sum + (valid(draft[criterion.name], criterion.max) ? Number(draft[criterion.name]) : 0), 0);
}

export function toScoreInput(criteria: readonly Criterion[], draft: ScoreDraft, comment: string): ScoreInput {
  return { marks: Object.fromEntries(criteria.map((criterion) => [criterion.name, Number(draft[criterion.name])])), comment: comment.trim() || null };
}
