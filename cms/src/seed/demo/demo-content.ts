// Demo content for a fresh local stack. Editors replace all of it in the admin panel.

const paragraph = (text: string) => ({ type: 'paragraph', children: [{ type: 'text', text }] });
const heading = (text: string) => ({ type: 'heading', level: 2, children: [{ type: 'text', text }] });

export const DEMO_TESTIMONIALS = [
  {
    name: 'Aarav Mehta',
    age: 17,
    location: 'Pune, India',
    title: 'Finalist, March',
    message: 'The score card told me exactly where my poem was strong and where it wobbled. I rewrote three drafts the next month.',
  },
  {
    name: 'Layla Haddad',
    age: 24,
    location: 'Amman, Jordan',
    title: 'Winner, June',
    message: 'كتبت بالعربية وقرأها الحكام بعناية. I wrote in Arabic and was judged on the poem, not the language.',
  },
  {
    name: 'Grace Okafor',
    age: 31,
    location: 'Lagos, Nigeria',
    message: 'A monthly deadline is the best gift for a procrastinating poet. The wall keeps me writing between contests.',
  },
  {
    name: 'प्रिया शर्मा',
    age: 19,
    location: 'Jaipur, India',
    title: 'Honourable mention',
    message: 'मेरी हिंदी कविता को भी उतना ही सम्मान मिला। Friendly, fair and fast results.',
  },
  {
    name: 'Tomás Rivera',
    age: 45,
    location: 'Valparaíso, Chile',
    message: 'Blind judging on five criteria feels fair. I finally know my imagery outruns my structure.',
  },
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

export const DEMO_FAQS = [
  {
    question: 'When are results announced?',
    answer:
      'Results come out on the 30th of each month (the last day in February). Every entrant gets a score card with the five criteria and the judges’ comments.',
    keywords: 'results date announced winners score when 30th',
  },
  {
    question: 'When can I submit a poem?',
    answer: 'Submissions open on the 1st and close at the end of the 25th of each month, in the contest time zone.',
    keywords: 'deadline submit open close window dates 25th',
  },
  {
    question: 'Which file formats are accepted?',
    answer: 'Upload your poem as a .docx or .pdf file of at most 5 MB.',
    keywords: 'format file docx pdf size 5 mb upload',
  },
  {
    question: 'How are poems judged?',
    answer: 'Judges read each entry blind and score Structure, Creativity, Language, Emotional Impact and Theme from 0 to 20 each, for a total out of 100.',
    keywords: 'judging criteria score marks blind judges',
  },
  {
    question: 'Can I write in my own language?',
    answer: 'Yes. Poems in any language and script are welcome, with no word-count limit.',
    keywords: 'language hindi arabic tamil script translation words limit',
  },
  {
    question: 'How old do I need to be?',
    answer: 'Writory is open to poets aged 13 and over, anywhere in the world.',
    keywords: 'age minimum old young 13 eligibility',
  },
  {
    question: 'Can I edit or withdraw my entry?',
    answer: 'No. Submissions are final, so please check your poem before you confirm.',
    keywords: 'edit change withdraw delete revise final',
  },
  {
    question: 'What do winners receive?',
    answer:
      'Winners receive a T-shirt, a tote bag, a framed poem certificate, a stationery set, a creative journal and bookmarks, plus certificates and social recognition.',
    keywords: 'prize rewards win gift certificate',
  },
];

export const DEMO_PAGES = {
  about: {
    title: 'About Writory',
    intro: 'Writory is a monthly poetry contest and writing community for poets aged 13 and over, anywhere in the world.',
    body: [
      paragraph(
        'We started Writory because a poem deserves a careful reader and an honest answer. Every month, judges read each entry blind and score it on five criteria, so poets know what worked and what to try next.',
      ),
      heading('What we believe'),
      paragraph('Poetry belongs to every language. A sixteen-year-old in Pune and a retired teacher in Valparaíso should be read with the same care.'),
    ],
  },
  terms: {
    title: 'Terms',
    intro: 'The terms of taking part in Writory contests and the Writory Wall.',
    body: [
      heading('Entering the contest'),
      paragraph(
        'You must be 13 or older. Your poem must be your own original, unpublished, individual work. Submissions are final and cannot be edited or withdrawn.',
      ),
      heading('Your rights'),
      paragraph('You keep the copyright of your poem. You allow Writory to show winning poems on the site and in announcements, with your name.'),
      heading('The Writory Wall'),
      paragraph('Posts are moderated. No hate speech, harassment, plagiarism or inappropriate content.'),
    ],
  },
  privacy: {
    title: 'Privacy',
    intro: 'How Writory collects, uses and protects your data.',
    body: [
      heading('What we collect'),
      paragraph('Your account details (name, email, phone, date of birth), the poems you submit, and, only with your consent, anonymous visit statistics.'),
      heading('How we use it'),
      paragraph('To run the contest, send your results and receipts, and keep the community safe. We never sell your data. Judges never see who wrote a poem.'),
      heading('Cookies'),
      paragraph('Analytics and advertising cookies stay off until you allow them. Change your choice at any time with the Cookies button in the footer.'),
    ],
  },
};
