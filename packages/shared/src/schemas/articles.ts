// The requests of /api/admin/articles*.
import { z } from 'zod/mini';
import { ARTICLE_LIMITS } from '../admin-articles.ts';
import { localeSchema } from '../locale-schema.ts';
import { withoutBidiControls } from '../text-safety.ts';

const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const ONE_LINE_CONTROL_CHARS = /[\u0000-\u001F\u007F]/;

const text = () => z.string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') });

/** One line of text: runs of spaces and line breaks become one space; bidi controls go. */
const line = (max: number, what = 'must') =>
  z.pipe(
    z.pipe(
      text(),
      z.transform((value: string) => withoutBidiControls(value).replace(/\s+/g, ' ').trim()),
    ),
    z.string().check(
      z.maxLength(max, `${what} be at most ${max} characters`),
      z.refine((value) => !ONE_LINE_CONTROL_CHARS.test(value), 'contains control characters'),
    ),
  );

const optionalLine = (max: number) =>
  z.pipe(
    z.optional(z.union([line(max), z.null()])),
    z.transform((value: string | null | undefined) => value || undefined),
  );

const tag = z.pipe(line(ARTICLE_LIMITS.tagMax, 'each tag must'), z.string().check(z.minLength(1, 'a tag cannot be empty')));

/** Tags compared without case; the first spelling wins. */
const uniqueTags = (tags: string[]) => [...new Map(tags.map((name) => [name.toLocaleLowerCase(), name])).values()];

const body = text().check(
  z.maxLength(ARTICLE_LIMITS.bodyMax, `must be at most ${ARTICLE_LIMITS.bodyMax.toLocaleString('en')} characters`),
  z.refine((value) => value.trim() !== '', 'is required'),
  z.refine((value) => !CONTROL_CHARS.test(value), 'contains control characters'),
);

/**
 * POST /api/admin/articles: JSON, or multipart with this object as JSON in the field `data` and the cover
 * image (JPEG, PNG or WebP) in the field `cover`. The body is Markdown; it is stored as Strapi blocks.
 * An empty excerpt becomes the first words of the body, an empty author the admin's name; coverAlt is
 * required with a cover; publish: false keeps a draft for editors to finish in the Strapi panel.
 */
export const adminArticleInput = z.strictObject(
  {
    title: z.pipe(line(ARTICLE_LIMITS.titleMax), z.string().check(z.minLength(1, 'is required'))),
    body,
    tags: z
      .pipe(z._default(z.array(tag, { error: 'must be a list of tag names' }), []), z.transform(uniqueTags))
      .check(z.refine((tags) => tags.length <= ARTICLE_LIMITS.tagsMax, `at most ${ARTICLE_LIMITS.tagsMax} tags`)),
    excerpt: optionalLine(ARTICLE_LIMITS.excerptMax),
    author: optionalLine(ARTICLE_LIMITS.authorMax),
    coverAlt: optionalLine(ARTICLE_LIMITS.coverAltMax),
    publish: z._default(z.boolean({ error: 'must be true or false' }), true),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown fields: ${issue.keys.join(', ')}.` : 'Send the article as a JSON object.') },
);
export type AdminArticleInput = z.input<typeof adminArticleInput>;
export type AdminArticleFields = z.output<typeof adminArticleInput>;

/** POST /api/admin/articles/preview */
export const articlePreviewInput = z.object({ body }, { error: 'Send { "body": "…Markdown…" }.' });

/** GET /api/articles?page=&pageSize=&tag=&include=body (the site's build reads every article with its body in a few pages). */
export const articleListQuery = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(10_000)), 1),
  pageSize: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 12),
  tag: z.optional(z.string().check(z.regex(/^[a-z0-9-]{1,60}$/, 'must be a tag slug'))),
  include: z.optional(z.enum(['body'], { error: 'must be "body"' })),
  /** The translation asked for (issue 39); each article says which it served. */
  locale: z.optional(localeSchema),
});
