// The /submit and profile strings that say "poem", as a story competition says them (issue 37). Same keys as
// entries.en.ts; `tFor(kind, key)` (lib/entry-words.ts) reads these for a story and entries.en.ts otherwise.
import type { entriesEn } from './entries.en';

export const storyEn = {
  'submit.step1': 'Step 1 of 2: your story and your details',
  'submit.poemLegend': 'Your story',
  'submit.poem': 'Story file',
  'submit.poemHint': 'A Word (.docx) or PDF file of at most 5 MB. Keep your paragraphs: judges read them as you wrote them.',
  'submit.poemEmpty': 'That file is empty. Choose your story’s file.',
  'submit.poemRequired': 'Choose the file of your story.',
  'submit.titleRequired': 'Give your story a title.',
  'submit.language': 'Language of the story',
  'submit.languageRequired': 'Say which language the story is in.',
  'submit.aboutYouHint': 'Judges never see these: they read your story by its entry code only.',
  'submit.nameInScript': 'Your name in the story’s script (optional)',
  'submit.nameInScriptHint': 'Write your name as it would appear in the story’s own script, so we can hide it from the judges.',
  'submit.nameInScriptInvalid': 'Write your name in the story’s script, or leave this empty.',
  'submit.confirm': 'Submit my story',
  'submit.failed': 'We couldn’t submit your story. Check your connection and try again: you will not enter twice.',
  'submit.busyChecking': 'Many entries are being checked right now. We’ll check yours again in {wait} (try {attempt}): keep this page open.',
  'submit.busySubmitting':
    'Many entries are being checked right now. We’ll send your entry again in {wait} (try {attempt}): keep this page open. It will be entered only once.',
  'submit.receiptHeading': 'Your story is entered',
  'submit.receiptBody': 'Your story “{title}” is entered in the {month} contest. Results: {when}.',
  'submit.another': 'Enter another story',
} as const satisfies Partial<Record<keyof typeof entriesEn, string>>;
