// What an entry is called on /submit and the profile: a poem, or a story in a story competition (issue 37).
import type { CompetitionKind } from '@writory/shared';
import type { MessageKey } from '../i18n/en';
import type { Locale } from '@writory/shared';
import { storyAr } from '../i18n/story.ar';
import { storyEn } from '../i18n/story.en';
import { storyHi } from '../i18n/story.hi';
import { currentLocale, t } from '../i18n/t';

/** A story's own words in each language (the three are small: they ship together rather than as one more chunk). */
const STORY: Record<Locale, Partial<Record<MessageKey, string>>> = { en: storyEn, hi: storyHi, ar: storyAr };

/** The UI text for a key as an entry of this kind says it: a story's own words where it has them. */
export function tFor(kind: CompetitionKind | null | undefined, key: MessageKey, vars?: Record<string, string | number>): string {
  const story = kind === 'story' ? STORY[currentLocale()][key] : undefined;
  if (story === undefined) return t(key, vars);
  if (!vars) return story;
  return story.replace(/\{(\w+)\}/g, (placeholder, name: string) => (name in vars ? String(vars[name]) : placeholder));
}

/** "Poem" or "Story": the word for one entry, capitalised, as rows and receipts name it. */
export const entryNoun = (kind: CompetitionKind | null | undefined) => (kind === 'story' ? 'Story' : 'Poem');

/** A declaration as an entrant of this kind reads it ("This story is my own original work…"). */
export const declarationFor = (kind: CompetitionKind | null | undefined, text: string) => (kind === 'story' ? text.replace(/\bpoem\b/g, 'story') : text);
