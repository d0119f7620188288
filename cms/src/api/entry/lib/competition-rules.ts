// What a competition takes (issue 37): the languages it accepts and, for stories, a word limit. Both are checked
// by the server at "Check the text" and again when the entry is made, with a 422 that says what to do.
import { languageCode, languageName } from '@writory/shared';
import { ApiError } from '../../../lib/api-error';
import { currentLocale, msg } from '../../../lib/messages';

interface Rules {
  name: string;
  kind: string;
  languages: string[] | null;
  maxWords: number | null;
}

const count = (n: number) => n.toLocaleString('en');
const listed = (names: string[]) =>
  names.length < 2
    ? names.join('')
    : msg('entry.listAnd', { first: names.slice(0, -1).join(currentLocale() === 'ar' ? '، ' : ', '), last: names[names.length - 1] });

/** 422 unless the competition takes `language` (a code or a name such as "Hindi"); a competition without languages takes any. */
export function requireLanguageTaken(competition: Rules, language: string): void {
  const accepted = competition.languages ?? [];
  if (!accepted.length) return;
  const code = languageCode(language);
  if (code && accepted.includes(code)) return;
  const names = accepted.map(languageName);
  throw new ApiError(
    422,
    msg('entry.languageNotTaken', {
      competition: competition.name,
      kinds: msg(competition.kind === 'story' ? 'entry.stories' : 'entry.poems'),
      languages: listed(names),
      language,
    }),
    { field: 'language', reason: 'language-not-taken', languages: accepted },
    'ValidationError',
  );
}

/** 422 when a story (or any entry of a competition with a word limit) is longer than the competition takes. */
export function requireWithinWords(competition: Rules, words: number): void {
  if (competition.maxWords === null || words <= competition.maxWords) return;
  const what = msg(competition.kind === 'story' ? 'entry.story' : 'entry.poem');
  throw new ApiError(
    422,
    msg('entry.tooManyWords', {
      kind: what,
      words: count(words),
      competition: competition.name,
      maxWords: count(competition.maxWords),
      over: count(words - competition.maxWords),
    }),
    { reason: 'too-many-words', words, maxWords: competition.maxWords },
    'ValidationError',
  );
}
