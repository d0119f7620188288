// 1,000 published articles (each a draft row and a published row, as Strapi keeps them) with 1–3 of 20 tags.
// No cover images: the dataset has no media files.
import { articleBody, count, insertMany, link, random } from './lib.mjs';

const ARTICLE = 'api::article.article';
const TAG = 'api::tag.tag';
const TARGET = 1_000;
const TOPICS = [
  'craft',
  'revision',
  'contest',
  'judging',
  'languages',
  'interviews',
  'forms',
  'sonnets',
  'ghazals',
  'haiku',
  'free-verse',
  'translation',
  'performance',
  'prompts',
  'reading-lists',
  'winners',
  'community',
  'editing',
  'imagery',
  'rhythm',
];

/** 24 lowercase letters and digits, like Strapi's document ids. */
const documentId = (rng) => Array.from({ length: 24 }, () => 'abcdefghijklmnopqrstuvwxyz0123456789'[rng.int(0, 35)]).join('');

async function ensureTags(strapi) {
  const existing = new Map((await strapi.db.query(TAG).findMany({ select: ['id', 'slug'] })).map((t) => [t.slug, t.id]));
  const missing = TOPICS.filter((slug) => !existing.has(slug));
  if (missing.length) {
    const now = new Date();
    const ids = await insertMany(
      strapi,
      TAG,
      missing.map((slug) => ({ name: slug.replace('-', ' '), slug, createdAt: now, updatedAt: now, publishedAt: now })),
    );
    missing.forEach((slug, i) => existing.set(slug, ids[i]));
  }
  return TOPICS.map((slug) => existing.get(slug));
}

export default {
  name: 'articles',
  table: 'articles',
  target: TARGET,
  present: (strapi) => count(strapi, ARTICLE, { publishedAt: { $notNull: true } }),
  async seed(strapi, missing) {
    const tags = await ensureTags(strapi);
    const already = await count(strapi, ARTICLE, { slug: { $startsWith: 'bench-' }, publishedAt: { $notNull: true } });
    const rng = random(303 + already);
    const now = Date.now();
    const rows = [];
    const tagsOf = [];
    for (let i = 0; i < missing; i++) {
      const n = already + i + 1;
      const published = new Date(now - (TARGET - n) * 8 * 3_600_000);
      const base = {
        documentId: documentId(rng),
        title: `Notes on ${rng.pick(TOPICS).replace('-', ' ')} #${n}`,
        slug: `bench-${String(n).padStart(4, '0')}`,
        excerpt: 'A craft note from the Writory bench dataset: how a line turns, where a stanza breathes.',
        author: rng.pick(['The Writory team', 'Mei Tan', 'Jonah Marsh', 'Layla Haddad']),
        body: articleBody(rng, rng.int(4, 8)),
        createdAt: published,
        updatedAt: published,
      };
      const own = [...new Set(Array.from({ length: rng.int(1, 3) }, () => rng.pick(tags)))];
      rows.push({ ...base, publishedAt: null }, { ...base, publishedAt: published });
      tagsOf.push(own, own);
    }
    const ids = await insertMany(strapi, ARTICLE, rows);
    await link(
      strapi,
      ARTICLE,
      'tags',
      ids.flatMap((id, i) => tagsOf[i].map((tag) => [id, tag])),
    );
  },
};
