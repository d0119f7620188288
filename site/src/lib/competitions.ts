// Pure helpers for showing a competition: the default one, its links, and its rules in words.
import { DEFAULT_COMPETITION, languageName, type CompetitionRef, type CompetitionSummary } from '@writory/shared';
import { formatMonth } from './format';
import { t } from '../i18n/t';

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

/** "Hindi, Tamil and Urdu", or "Any language" for a competition that takes every language. */
export function languagesInWords(codes: readonly string[]): string {
  if (!codes.length) return 'Any language';
  const names = codes.map(languageName);
  return names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

const MB = 1024 * 1024;
/** The length and file rules of a competition, one sentence each. */
export function limitsInWords(competition: Pick<CompetitionSummary, 'kind' | 'limits'>): string[] {
  const { maxWords, maxBytes, freeEntriesPerMonth } = competition.limits;
  const piece = competition.kind === 'story' ? 'story' : 'poem';
  const size = maxBytes >= MB ? `${Math.round((maxBytes / MB) * 10) / 10} MB` : `${Math.round(maxBytes / 1024)} KB`;
  return [
    maxWords ? `At most ${maxWords.toLocaleString('en-GB')} words.` : competition.kind === 'story' ? 'No word limit.' : 'Any length.',
    `One .docx or .pdf file per ${piece}, at most ${size}.`,
    freeEntriesPerMonth === 0
      ? 'Every entry uses an entry credit.'
      : `${freeEntriesPerMonth} free ${freeEntriesPerMonth === 1 ? 'entry' : 'entries'} a month; more with entry credits.`,
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
