// The judge's score form: five whole numbers from 0 to 20 and their total.
import { CRITERION_KEYS, CRITERION_MAX, type CriterionKey, type ScoreInput } from '@writory/shared';

export type ScoreDraft = Record<CriterionKey, string>;

export const emptyScoreDraft = (): ScoreDraft => Object.fromEntries(CRITERION_KEYS.map((key) => [key, ''])) as ScoreDraft;

const valid = (value: string) => /^\d{1,2}$/.test(value.trim()) && Number(value) <= CRITERION_MAX;

/** The criteria whose value is not a whole number from 0 to 20. */
export function invalidCriteria(draft: ScoreDraft): CriterionKey[] {
  return CRITERION_KEYS.filter((key) => !valid(draft[key]));
}

/** The total so far (invalid or empty values count 0). */
export function draftTotal(draft: ScoreDraft): number {
  return CRITERION_KEYS.reduce((sum, key) => sum + (valid(draft[key]) ? Number(draft[key]) : 0), 0);
}

export function toScoreInput(draft: ScoreDraft, comment: string): ScoreInput {
  return { ...(Object.fromEntries(CRITERION_KEYS.map((key) => [key, Number(draft[key])])) as Record<CriterionKey, number>), comment: comment.trim() || null };
}
