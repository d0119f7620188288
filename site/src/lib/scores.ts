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
