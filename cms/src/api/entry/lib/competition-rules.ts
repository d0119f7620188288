// What a competition takes (issue 37): the languages it accepts and, for stories, a word limit. Both are checked
// by the server at "Check the text" and again when the entry is made, with a 422 that says what to do.
import { languageCode, languageName } from '@writory/shared';
import { ApiError } from '../../../lib/api-error';

interface Rules {
  name: string;
  kind: string;
  languages: string[] | null;
  maxWords: number | null;
}

const count = (n: number) => n.toLocaleString('en');
const listed = (names: string[]) => (names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`);

/** 422 unless the competition takes `language` (a code or a name such as "Hindi"); a competition without languages takes any. */
export function requireLanguageTaken(competition: Rules, language: string): void {
  const accepted = competition.languages ?? [];
  if (!accepted.length) return;
  const code = languageCode(language);
  if (code && accepted.includes(code)) return;
  const names = accepted.map(languageName);
  throw new ApiError(
    422,
    `The ${competition.name} competition takes ${competition.kind === 'story' ? 'stories' : 'poems'} in ${listed(names)}; “${language}” is not one of them. Choose one of these languages, or enter the Poetry competition, which takes any language.`,
    { field: 'language', reason: 'language-not-taken', languages: accepted },
    'ValidationError',
  );
}

/** 422 when a story (or any entry of a competition with a word limit) is longer than the competition takes. */
export function requireWithinWords(competition: Rules, words: number): void {
  if (competition.maxWords === null || words <= competition.maxWords) return;
  const what = competition.kind === 'story' ? 'story' : 'poem';
  throw new ApiError(
    422,
    `Your ${what} has ${count(words)} words; the ${competition.name} competition takes at most ${count(competition.maxWords)}. Shorten it by ${count(words - competition.maxWords)} words, then check the text again.`,
    { reason: 'too-many-words', words, maxWords: competition.maxWords },
    'ValidationError',
  );
}
