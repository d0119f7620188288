// The competitions every install has (issue 37): seeded on boot when missing, then the admins' to change.
import { MAX_POEM_BYTES, POETRY_CRITERIA, REGIONAL_LANGUAGE_CODES, STORY_CRITERIA, STORY_MAX_WORDS_DEFAULT, type CompetitionFields } from '@writory/shared';

export type CompetitionSeed = Omit<CompetitionFields, 'description' | 'rewards' | 'position'> & {
  description: string;
  rewards: string;
  position: number;
  maxBytes: number;
};

export const SEED_COMPETITIONS: CompetitionSeed[] = [
  {
    slug: 'poetry',
    name: 'Poetry',
    kind: 'poem',
    tagline: 'One poem a month on the month’s theme, in any language.',
    description:
      'The monthly Writory Poetry Competition. Send a poem in any language as a .docx or PDF between the 1st and the 25th; judges read it without your name and score it on structure, creativity, language, emotional impact and theme. Results come on the 30th.',
    languages: [],
    criteria: POETRY_CRITERIA,
    maxWords: null,
    maxBytes: MAX_POEM_BYTES,
    freeEntriesPerMonth: 3,
    rewards: 'Certificates for every ranked poet; the top three are featured on the winners’ page.',
    position: 0,
    active: true,
  },
  {
    slug: 'story',
    name: 'Story',
    kind: 'story',
    tagline: `A short story of up to ${STORY_MAX_WORDS_DEFAULT.toLocaleString('en')} words, in any language.`,
    description:
      'The monthly Writory Story Competition. Send a story of prose as a .docx or PDF; your paragraphs are kept as you wrote them. Judges score plot, character, language, emotional impact and theme.',
    languages: [],
    criteria: STORY_CRITERIA,
    maxWords: STORY_MAX_WORDS_DEFAULT,
    maxBytes: MAX_POEM_BYTES,
    freeEntriesPerMonth: 3,
    rewards: 'Certificates for every ranked writer; the top three are featured on the winners’ page.',
    position: 1,
    active: true,
  },
  {
    slug: 'regional-languages',
    name: 'Regional Languages',
    kind: 'poem',
    tagline: 'Poems in India’s languages, read by judges who read them.',
    description:
      'The monthly Writory Regional Languages Competition: poems in Hindi, Bengali, Marathi, Tamil, Telugu, Gujarati, Kannada, Malayalam, Punjabi, Odia, Urdu or Assamese, in their own scripts. Each poem goes only to judges who read its language.',
    languages: REGIONAL_LANGUAGE_CODES,
    criteria: POETRY_CRITERIA,
    maxWords: null,
    maxBytes: MAX_POEM_BYTES,
    freeEntriesPerMonth: 3,
    rewards: 'Certificates for every ranked poet; the top three are featured on the winners’ page.',
    position: 2,
    active: true,
  },
];
