// How scores are worked out, in the page's language, for the static pages (home, /about, /submit, the judging
// report): their words are static catalogue keys, read on the server only.
import { t } from '../i18n/t';
import { localHref } from '../i18n/paths';
import { formatNumber } from './format';

/** How a poem's score is worked out, said for poets in one sentence (home page, /about and /submit). */
export const scoringInASentence = () => t('scoring.sentence');

/** Where the whole method is written out: the /about section that also holds the method in full. */
export const scoringMethodLink = () => ({ href: localHref('/about#how-scores-are-worked-out'), text: t('scoring.methodLink') });

/** The judges' agreement with what its two ends mean, for the public judging report. */
export const agreementFigure = (value: number | null): string =>
  value === null ? t('scoring.notMeasurable') : t('scoring.agreementFigure', { value: formatNumber(value) });

/** What the agreement figure means to a poet, in one plain sentence. */
export const agreementExplained = () => t('scoring.agreementExplained');

const NAMED_CRITERIA = new Set(['Structure', 'Creativity', 'Language', 'Emotional Impact', 'Theme', 'Plot', 'Character']);
/** A criterion's name in the page's language: the seeded competitions' criteria are translated, an admin's own stay as written. */
export const criterionName = (name: string): string => (NAMED_CRITERIA.has(name) ? t(`criterion.${name}` as 'criterion.Theme') : name);
