// Pure helpers for showing a competition: the default one, its links, and its rules in words.
import { DEFAULT_COMPETITION, languageName, type CompetitionRef, type CompetitionSummary } from '@writory/shared';
import { countOf, formatMonth, formatNumber, nounForms, pageIntlLocale } from './format';
import { currentLocale, t } from '../i18n/t';

export { DEFAULT_COMPETITION };

export const competitionPath = (slug: string) => `/competitions/${encodeURIComponent(slug)}`;

/**
 * Where a results page (/winning-poems, /past-winners, /leaderboard) of a competition is: the bare path for the
 * default, `/winning-poems/story` for another (a static page each, so the tab between them is a real link).
 */
export const resultsPath = (base: string, slug: string | null | undefined) =>
  !slug || slug === DEFAULT_COMPETITION ? base : `${base}/${encodeURIComponent(slug)}`;

/** `path?competition=slug`, or the bare path for the default competition (so today's URLs stay what they are). */
export function withCompetition(path: string, slug: string | null | undefined): string {
  if (!slug || slug === DEFAULT_COMPETITION) return path;
  return `${path}${path.includes('?') ? '&' : '?'}competition=${encodeURIComponent(slug)}`;
}

/** The competition a page was asked for (`?competition=`), checked against the ones that exist; the default otherwise. */
export function competitionFromSearch(search: string, known: readonly string[]): string {
  const asked = new URLSearchParams(search).get('competition');
  return asked && known.includes(asked) ? asked : DEFAULT_COMPETITION;
}

/** A language's name in the page's language: the site's English names on English pages, Intl's in Hindi and Arabic. */
export function languageNameHere(code: string): string {
  const page = currentLocale();
  if (page === 'en') return languageName(code);
  try {
    return new Intl.DisplayNames([page], { type: 'language' }).of(code) ?? languageName(code);
  } catch {
    return languageName(code);
  }
}

/** "Hindi, Tamil and Urdu", or "Any language" for a competition that takes every language (in the page's language). */
export function languagesInWords(codes: readonly string[]): string {
  if (!codes.length) return t('rules.anyLanguage');
  return new Intl.ListFormat(pageIntlLocale(), { type: 'conjunction' }).format(codes.map(languageNameHere));
}

const MB = 1024 * 1024;
/** The length and file rules of a competition, one sentence each. */
export function limitsInWords(competition: Pick<CompetitionSummary, 'kind' | 'limits'>): string[] {
  const { maxWords, maxBytes, freeEntriesPerMonth } = competition.limits;
  const size = maxBytes >= MB ? `${formatNumber(Math.round((maxBytes / MB) * 10) / 10)} MB` : `${formatNumber(Math.round(maxBytes / 1024))} KB`;
  return [
    maxWords ? t('rules.maxWords', { words: countOf(maxWords, nounForms('word')) }) : t(competition.kind === 'story' ? 'rules.noWordLimit' : 'rules.anyLength'),
    t(competition.kind === 'story' ? 'rules.file.story' : 'rules.file.poem', { size }),
    freeEntriesPerMonth === 0 ? t('rules.everyEntryPaid') : t('rules.freeEntries', { entries: countOf(freeEntriesPerMonth, nounForms('freeEntry')) }),
  ];
}

/** "Story Competition" for "Story" (in the page's language); a name that already says "competition" stays as it is. */
export const competitionTitle = (name: string) => (/competition$/i.test(name) ? name : t('competition.title', { name }));

/** The `competition` query value to send: none for the default, so today's requests stay exactly as they were. */
export const competitionParam = (slug: string | null | undefined) => (slug && slug !== DEFAULT_COMPETITION ? slug : null);

/**
 * The competition a row names (entries, results, certificates, winners carry `competition: { slug, name }`); null
 * for a row from before competitions, which was poetry.
 */
export function competitionOf(row: object): CompetitionRef | null {
  const value = (row as { competition?: unknown }).competition;
  return value && typeof value === 'object' && typeof (value as CompetitionRef).name === 'string' ? (value as CompetitionRef) : null;
}

/** "Story Competition, March 2027" for a row of a named competition; "March 2027 contest" otherwise. */
export function contestLabel(row: { month: string }): string {
  const competition = competitionOf(row);
  return competition ? `${competitionTitle(competition.name)}, ${formatMonth(row.month)}` : `${formatMonth(row.month)} contest`;
}
