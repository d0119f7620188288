// The chatbot's brain: finds the FAQ entry (edited in Strapi) that answers a visitor's question.
// Fuzzy per word with fuse.js over each entry's question and keywords, so typos still match, and an
// answer only when enough of the question's meaningful words point at the same entry.
import Fuse from 'fuse.js';
import type { Faq } from '@writory/shared';

/** fuse.js bitap threshold per word (0 exact … 1 anything): one typo in a six-letter word passes. */
export const WORD_THRESHOLD = 0.34;
/** A word counts for an entry only when fuse's combined score for it is at most this. */
export const WORD_SCORE_CUTOFF = 0.4;
/** Share of the question's meaningful words an entry must match (weighted by match quality). */
export const MIN_COVERAGE = 0.3;

// Words that say nothing about which answer is wanted, including the ones every question here shares.
const STOPWORDS = new Set(
  (
    'a an the is are was were be been being am do does did done i im me my mine you your we our us it its ' +
    'to of in on for at by with from into about as and or but if so than then there this that these those ' +
    'how what whats when where which who whom why can could will would should shall may might must have has had ' +
    'get got give any some all please tell know want need like just also there here one ones s t ' +
    'poem poems poetry poet poets writory contest competition'
  ).split(' '),
);

/** Lowercased words without punctuation or stopwords, lightly stemmed (prizes → prize). Any script. */
export function tokenize(text: string): string[] {
  const words = text
    .toLowerCase()
    .normalize('NFKC')
    .replace(/['’]/g, '')
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((word) => word && !STOPWORDS.has(word));
  return [...new Set(words.map(stem))];
}

function stem(word: string): string {
  if (word.length > 5 && word.endsWith('ing')) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith('es') && !word.endsWith('ses')) return word.slice(0, -1);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

export interface FaqMatch<T extends Faq = Faq> {
  faq: T;
  /** 0..1: how much of the question this entry covers. */
  coverage: number;
}

export type FaqMatcher<T extends Faq = Faq> = (question: string) => FaqMatch<T> | null;

/** Builds the search index once; the returned function answers each question. */
export function createFaqMatcher<T extends Faq>(faqs: readonly T[]): FaqMatcher<T> {
  const fuse = new Fuse(faqs, {
    keys: [
      { name: 'question', weight: 2 },
      { name: 'keywords', weight: 1 },
    ],
    includeScore: true,
    ignoreLocation: true,
    ignoreFieldNorm: true,
    threshold: WORD_THRESHOLD,
    minMatchCharLength: 2,
  });

  return (question) => {
    const words = tokenize(question);
    if (words.length === 0 || faqs.length === 0) return null;
    const weight = new Map<number, number>();
    for (const word of words) {
      // Short words must match exactly-ish (fuzzy "bake" would find "make").
      const hits = fuse.search(word).filter((hit) => (hit.score ?? 1) <= (word.length <= 4 ? 0.15 : WORD_SCORE_CUTOFF));
      for (const hit of hits) weight.set(hit.refIndex, (weight.get(hit.refIndex) ?? 0) + (1 - (hit.score ?? 1)));
    }
    let best: FaqMatch<T> | null = null;
    for (const [refIndex, total] of weight) {
      const coverage = total / words.length;
      // Ties go to the entry the editors listed first.
      if (!best || coverage > best.coverage + 1e-9 || (Math.abs(coverage - best.coverage) <= 1e-9 && faqs.indexOf(best.faq) > refIndex)) {
        best = { faq: faqs[refIndex], coverage };
      }
    }
    return best && best.coverage >= MIN_COVERAGE ? best : null;
  };
}

/** The FAQ entry that answers the question, or null when none is a good match. */
export function matchFaq(faqs: readonly Faq[], question: string): Faq | null {
  return createFaqMatcher(faqs)(question)?.faq ?? null;
}
