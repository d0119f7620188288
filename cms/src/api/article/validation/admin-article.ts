// The boundary of /api/admin/articles: every body is parsed here before the service sees it.
import { z } from 'zod';
import { ARTICLE_LIMITS, withoutBidiControls } from '@writory/shared';

const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const ONE_LINE_CONTROL_CHARS = /[\u0000-\u001F\u007F]/;

/** One line of text: runs of spaces and line breaks become one space; bidi controls go. */
const line = (max: number, what = 'must') =>
  z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
    .transform((value) => withoutBidiControls(value).replace(/\s+/g, ' ').trim())
    .pipe(
      z
        .string()
        .max(max, `${what} be at most ${max} characters`)
        .refine((value) => !ONE_LINE_CONTROL_CHARS.test(value), 'contains control characters'),
    );

const optionalLine = (max: number) =>
  z
    .union([line(max), z.null()])
    .optional()
    .transform((value) => value || undefined);

const tag = line(ARTICLE_LIMITS.tagMax, 'each tag must').pipe(z.string().min(1, 'a tag cannot be empty'));

/** Tags compared without case; the first spelling wins. */
const uniqueTags = (tags: string[]) => [...new Map(tags.map((name) => [name.toLocaleLowerCase(), name])).values()];

export const adminArticleInput = z.strictObject(
  {
    title: line(ARTICLE_LIMITS.titleMax).pipe(z.string().min(1, 'is required')),
    body: z
      .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
      .max(ARTICLE_LIMITS.bodyMax, `must be at most ${ARTICLE_LIMITS.bodyMax.toLocaleString('en')} characters`)
      .refine((value) => value.trim() !== '', 'is required')
      .refine((value) => !CONTROL_CHARS.test(value), 'contains control characters'),
    tags: z
      .array(tag, { error: 'must be a list of tag names' })
      .default([])
      .transform(uniqueTags)
      .refine((tags) => tags.length <= ARTICLE_LIMITS.tagsMax, `at most ${ARTICLE_LIMITS.tagsMax} tags`),
    excerpt: optionalLine(ARTICLE_LIMITS.excerptMax),
    author: optionalLine(ARTICLE_LIMITS.authorMax),
    coverAlt: optionalLine(ARTICLE_LIMITS.coverAltMax),
    publish: z.boolean({ error: 'must be true or false' }).default(true),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown fields: ${issue.keys.join(', ')}.` : 'Send the article as a JSON object.') },
);

export type AdminArticleFields = z.infer<typeof adminArticleInput>;

export const previewInput = z.object({ body: adminArticleInput.shape.body }, { error: 'Send { "body": "…Markdown…" }.' });
