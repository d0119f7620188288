// The contest's fixed facts, as the spec states them. Shown on the site, enforced in the cms.

export const MINIMUM_AGE = 13;
export const MAX_POEM_BYTES = 5 * 1024 * 1024;
/**
 * The most text a poem file may hold (all of it: body, notes, headers, comments). A poem file holds one poem.
 * Contest poems run to a few hundred lines; even 3,000 lines of 40 characters are 120,000 characters. 200,000
 * leaves room for any real poem and refuses files padded to megabytes of text.
 */
export const MAX_POEM_CHARS = 200_000;
export const POEM_EXTENSIONS = ['.docx', '.pdf'] as const;
export const SUBMISSION_OPEN_DAY = 1;
export const SUBMISSION_CLOSE_DAY = 25;
export const RESULTS_DAY = 30;
export const MAX_SCORE = 100;
export const JUDGING_CRITERIA = ['Structure', 'Creativity', 'Language', 'Emotional Impact', 'Theme'] as const;
export const WINNER_REWARDS = [
  'T-shirt',
  'Tote bag',
  'Framed poem certificate',
  'Stationery set',
  'Creative journal',
  'Bookmarks',
  'Certificates and social recognition',
] as const;
export const COUNTER_FALLBACK = { poets: 98, pieces: 0 } as const;

/** A contest month in words: "2025-06" → "June 2025". */
export const monthName = (month: string) =>
  new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-15T12:00:00Z`));
