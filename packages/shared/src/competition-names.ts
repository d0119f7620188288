// The competitions' slugs, criteria and titles, and the languages the site offers, with no schema (issue 39: the
// JavaScript budget): the pages that read them (/submit, the profile, the admin tools) do not bring zod with them.
// Re-exported by competitions.ts, where the schemas that use them live.
import type { Criterion } from './competitions.ts';

/** The competitions every install seeds. Admins may create more: any slug matching COMPETITION_SLUG_PATTERN. */
export const COMPETITION_SLUGS = ['poetry', 'story', 'regional-languages'] as const;
/** The competition meant wherever none is named (today's contest): every older URL and API call keeps working. */
export const DEFAULT_COMPETITION = 'poetry';

/**
 * The languages the site offers in its selects (the entry form, a competition's languages, a judge's languages):
 * BCP 47 code, English name and the name in the language itself. One list: the entry form uses it too.
 */
export const LANGUAGES = [
  { code: 'en', name: 'English', native: 'English' },
  { code: 'hi', name: 'Hindi', native: 'हिन्दी' },
  { code: 'bn', name: 'Bengali', native: 'বাংলা' },
  { code: 'mr', name: 'Marathi', native: 'मराठी' },
  { code: 'ta', name: 'Tamil', native: 'தமிழ்' },
  { code: 'te', name: 'Telugu', native: 'తెలుగు' },
  { code: 'gu', name: 'Gujarati', native: 'ગુજરાતી' },
  { code: 'kn', name: 'Kannada', native: 'ಕನ್ನಡ' },
  { code: 'ml', name: 'Malayalam', native: 'മലയാളം' },
  { code: 'pa', name: 'Punjabi', native: 'ਪੰਜਾਬੀ' },
  { code: 'or', name: 'Odia', native: 'ଓଡ଼ିଆ' },
  { code: 'ur', name: 'Urdu', native: 'اردو' },
  { code: 'as', name: 'Assamese', native: 'অসমীয়া' },
  { code: 'ar', name: 'Arabic', native: 'العربية' },
  { code: 'es', name: 'Spanish', native: 'Español' },
  { code: 'fr', name: 'French', native: 'Français' },
  { code: 'pt', name: 'Portuguese', native: 'Português' },
  { code: 'sw', name: 'Swahili', native: 'Kiswahili' },
] as const satisfies readonly { code: string; name: string; native: string }[];
export type LanguageCode = (typeof LANGUAGES)[number]['code'];

/** The languages of the Regional Languages competition: India's languages (issue 37). */
export const REGIONAL_LANGUAGE_CODES: LanguageCode[] = ['hi', 'bn', 'mr', 'ta', 'te', 'gu', 'kn', 'ml', 'pa', 'or', 'ur', 'as'];

/**
 * The code of a language written as a code ("hi", "HI", "hi-IN") or as its English or native name ("Hindi",
 * "हिन्दी"), as older entries stored it; null when it is none of them. A region or script subtag is kept off:
 * "hi-IN" reads as "hi".
 */
export function languageCode(value: string): string | null {
  const trimmed = value.normalize('NFC').trim();
  if (!trimmed) return null;
  const lower = trimmed.toLocaleLowerCase('en');
  const known = LANGUAGES.find(
    (language) => language.code === lower || language.name.toLocaleLowerCase('en') === lower || language.native.toLocaleLowerCase('en') === lower,
  );
  if (known) return known.code;
  if (!/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(trimmed)) return null;
  try {
    const [canonical] = Intl.getCanonicalLocales(trimmed);
    return canonical ? canonical.split('-')[0]!.toLowerCase() : null;
  } catch {
    return null;
  }
}

/** The English name of a language code ("ta" → "Tamil"); the code itself when it is not in LANGUAGES. */
export function languageName(code: string): string {
  return LANGUAGES.find((language) => language.code === code)?.name ?? code;
}

export const CRITERIA_MAX_COUNT = 8;
export const CRITERIA_TOTAL = 100;
export const STORY_MAX_WORDS_DEFAULT = 5_000;

/** The sum of the criteria's points (a competition's criteria total 100). */
export function criteriaTotal(criteria: readonly { max: number }[]): number {
  return criteria.reduce((sum, criterion) => sum + criterion.max, 0);
}

/** The poetry criteria scored since the start (spec §9): five of 20 points each. */
export const POETRY_CRITERIA: Criterion[] = [
  { name: 'Structure', max: 20 },
  { name: 'Creativity', max: 20 },
  { name: 'Language', max: 20 },
  { name: 'Emotional Impact', max: 20 },
  { name: 'Theme', max: 20 },
];
export const STORY_CRITERIA: Criterion[] = [
  { name: 'Plot', max: 20 },
  { name: 'Character', max: 20 },
  { name: 'Language', max: 20 },
  { name: 'Emotional Impact', max: 20 },
  { name: 'Theme', max: 20 },
];

/** "Story Competition": a competition's name as a title (a name already ending in "Competition" stays). */
export const competitionTitle = (competitionName: string): string =>
  /competition$/i.test(competitionName) ? competitionName : `${competitionName} Competition`;

/** "Writory Story Competition, March 2027": how receipts, notifications and certificates name a contest. */
export function competitionContestTitle(competitionName: string, month: string): string {
  const [year, monthNumber] = month.split('-').map(Number);
  const monthName = new Date(Date.UTC(year!, monthNumber! - 1, 1)).toLocaleString('en', { month: 'long', timeZone: 'UTC' });
  return `Writory ${competitionTitle(competitionName)}, ${monthName} ${year}`;
}
