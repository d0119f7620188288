// Demo content for a fresh local stack. Editors replace all of it in the admin panel.

const paragraph = (text: string) => ({ type: 'paragraph', children: [{ type: 'text', text }] });
const heading = (text: string) => ({ type: 'heading', level: 2, children: [{ type: 'text', text }] });

export const DEMO_TESTIMONIALS = [
  { name: 'Aarav Mehta', age: 17, location: 'Pune, India', title: 'Finalist, March', message: 'The score card told me exactly where my poem was strong and where it wobbled. I rewrote three drafts the next month.' },
  { name: 'Layla Haddad', age: 24, location: 'Amman, Jordan', title: 'Winner, June', message: 'كتبت بالعربية وقرأها الحكام بعناية. I wrote in Arabic and was judged on the poem, not the language.' },
  { name: 'Grace Okafor', age: 31, location: 'Lagos, Nigeria', title: null, message: 'A monthly deadline is the best gift for a procrastinating poet. The wall keeps me writing between contests.' },
  { name: 'प्रिया शर्मा', age: 19, location: 'Jaipur, India', title: 'Honourable mention', message: 'मेरी हिंदी कविता को भी उतना ही सम्मान मिला। Friendly, fair and fast results.' },
  { name: 'Tomás Rivera', age: 45, location: 'Valparaíso, Chile', title: null, message: 'Blind judging on five criteria feels fair. I finally know my imagery outruns my structure.' },
];

export const DEMO_ARTICLES = [
  {
    title: 'How Writory judges a poem',
    slug: 'how-writory-judges-a-poem',
    author: 'The Writory team',
    excerpt: 'Structure, Creativity, Language, Emotional Impact and Theme: what each criterion means and how judges score it.',
    tags: ['contest', 'judging'],
    published: true,
    body: [
      paragraph('Every entry is read blind: judges see an entry code and the poem, never the poet.'),
      heading('Five criteria, twenty points each'),
      paragraph('Structure, Creativity, Language, Emotional Impact and Theme are each scored from 0 to 20, for a total out of 100.'),
    ],
  },
  {
    title: 'Writing in your first language',
    slug: 'writing-in-your-first-language',
    author: 'Mei Tan',
    excerpt: 'Why Writory accepts poems in any language and script, and how judges read them.',
    tags: ['craft', 'languages'],
    published: true,
    body: [paragraph('A poem lives closest to the language you dream in. Write there first; translate later, if ever.')],
  },
  {
    title: 'Five revision habits of finalists',
    slug: 'five-revision-habits-of-finalists',
    author: 'Jonah Marsh',
    excerpt: 'Read aloud, cut the first stanza, trust the white space, and two more habits.',
    tags: ['craft', 'revision'],
    published: true,
    body: [paragraph('Read the poem aloud. Cut the first stanza. Trust white space. Sleep on it. Ask what it is really about.')],
  },
  {
    title: 'Draft: next month’s theme',
    slug: 'draft-next-months-theme',
    author: 'The Writory team',
    excerpt: 'Not published yet.',
    tags: ['contest'],
    published: false,
    body: [paragraph('This draft must never appear on the site.')],
  },
];
