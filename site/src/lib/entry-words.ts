// What an entry is called on /submit and the profile: a poem, or a story in a story competition (issue 37).
import type { CompetitionKind } from '@writory/shared';
import type { MessageKey } from '../i18n/en';
import type { Locale } from '@writory/shared';
import { currentLocale, t } from '../i18n/t';

type StoryWords = Partial<Record<MessageKey, string>>;
/** A story's own words, in the page's language only and only once a story competition is chosen (issue 39's budget). */
const STORY: Record<Locale, () => Promise<StoryWords>> = {
  en: () => import('../i18n/story.en').then((m) => m.storyEn),
  hi: () => import('../i18n/story.hi').then((m) => m.storyHi),
  ar: () => import('../i18n/story.ar').then((m) => m.storyAr),
};
let storyWords: StoryWords | null = null;

/** Loads the page's language's story words (once); a story's form waits for them before it shows. */
export async function loadStoryWords(): Promise<void> {
  storyWords ??= await STORY[currentLocale()]();
}

/** Whether a story's words are loaded (tFor says a story's keys in a poem's words until then). */
export const storyWordsLoaded = () => storyWords !== null;

/** The UI text for a key as an entry of this kind says it: a story's own words where it has them. */
export function tFor(kind: CompetitionKind | null | undefined, key: MessageKey, vars?: Record<string, string | number>): string {
  const story = kind === 'story' ? storyWords?.[key] : undefined;
  if (story === undefined) return t(key, vars);
  if (!vars) return story;
  return story.replace(/\{(\w+)\}/g, (placeholder, name: string) => (name in vars ? String(vars[name]) : placeholder));
}

/** "Poem" or "Story": the word for one entry, capitalised, as rows and receipts name it. */
export const entryNoun = (kind: CompetitionKind | null | undefined) => (kind === 'story' ? 'Story' : 'Poem');

/** A declaration as an entrant of this kind reads it ("This story is my own original work…"). */
export const declarationFor = (kind: CompetitionKind | null | undefined, text: string) => (kind === 'story' ? text.replace(/\bpoem\b/g, 'story') : text);
