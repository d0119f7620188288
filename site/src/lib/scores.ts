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

/** How a poem's score is worked out, said for poets in one sentence (home page and /submit). */
export const SCORING_IN_A_SENTENCE =
  'Some judges mark strictly and some generously, so each poem is scored against the other poems its own judges read, and a strict judge’s reading counts as much as a generous one’s.';

/** Where the whole method is written out (the /about section that also holds NORMALISATION_METHOD). */
export const SCORING_METHOD_LINK = { href: '/about#how-scores-are-worked-out', text: 'How scores are worked out' } as const;

/** The judges' agreement with what its two ends mean, for the public judging report. */
export const agreementFigure = (value: number | null): string => (value === null ? 'not measurable' : `${value} (1 is full agreement, 0 no more than chance)`);

/** What the agreement figure means to a poet, in one plain sentence. */
export const AGREEMENT_EXPLAINED =
  'This figure (Krippendorff’s alpha, a standard measure of how far readers agree) says how much your poem’s score depended on which judges happened to read it: the nearer 1, the less it did.';
