// The requests of /api/wall* and /api/admin/wall*. Messages name no field: the cms says "title: is required",
// a form shows "Title is required".
import { z } from 'zod/mini';
import {
  WALL_DECISIONS,
  WALL_MODERATION_FILTERS,
  WALL_PAGE_SIZE,
  WALL_PAGE_SIZE_MAX,
  WALL_REASON_MAX,
  WALL_REPORT_NOTE_MAX,
  WALL_REPORT_REASONS,
  WALL_SEARCH_MAX,
  WALL_STATUSES,
  WALL_SEARCH_WORDS_MAX,
  WALL_SORTS,
  WALL_TEXT_MAX,
  WALL_THEMES,
  WALL_TITLE_MAX,
  canonicalLanguage,
  normalisePoem,
} from '../wall.ts';
import { withoutBidiControls } from '../text-safety.ts';

// C0 and C1 control characters; a poem keeps its line breaks and tabs, a title keeps nothing of the kind.
const CONTROL_IN_POEM = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const CONTROL_IN_TITLE = /[\u0000-\u001F\u007F-\u009F]/;

const text = () => z.string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') });
const characters = (max: number) => `must be at most ${max.toLocaleString('en')} characters`;

const line = (max: number) =>
  z.pipe(
    z.pipe(
      text(),
      z.transform((value: string) => withoutBidiControls(value.normalize('NFC')).trim()),
    ),
    z.string().check(
      z.minLength(1, { error: 'is required' }),
      z.maxLength(max, { error: characters(max) }),
      z.refine((value) => !CONTROL_IN_TITLE.test(value), { error: 'cannot contain line breaks or control characters' }),
    ),
  );

/** Several lines: leading blank lines and trailing spaces go, indentation and inner spacing stay (unless `trim`). */
export const paragraphs = (max: number, { required = true, trim = false } = {}) =>
  z.pipe(
    z.pipe(
      text(),
      z.transform((value: string) => (trim ? normalisePoem(value).trim() : normalisePoem(value).replace(/^\s*\n/u, ''))),
    ),
    z.string().check(
      z.refine((value) => !required || value.trim().length > 0, { error: 'is required' }),
      z.refine((value) => value.length <= max, { error: characters(max) }),
      z.refine((value) => !CONTROL_IN_POEM.test(value), { error: 'cannot contain control characters' }),
    ),
  );

const LANGUAGE_HINT = 'must be a language tag such as en, hi or ar';
const language = z.pipe(
  text().check(z.trim(), z.maxLength(35, { error: LANGUAGE_HINT })),
  z.transform((value: string, ctx) => {
    const canonical = canonicalLanguage(value);
    if (!canonical) {
      ctx.issues.push({ code: 'custom', message: LANGUAGE_HINT, input: value });
      return z.NEVER;
    }
    return canonical;
  }),
);

export const strict = <T extends z.core.$ZodLooseShape>(shape: T) =>
  z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? `These fields are not accepted: ${issue.keys.join(', ')}.` : 'Send a JSON object.'),
  });

/** POST /api/wall/posts */
const theme = z.enum(WALL_THEMES, { error: `must be one of ${WALL_THEMES.join(', ')}` });

export const newPostBody = strict({
  title: line(WALL_TITLE_MAX),
  text: paragraphs(WALL_TEXT_MAX),
  language,
  theme: z.optional(z.nullable(theme)),
});
export type NewWallPost = z.input<typeof newPostBody>;

/** POST /api/wall/posts/:id/reports: "other" needs a few words. */
export const newReportBody = strict({
  reason: z.enum(WALL_REPORT_REASONS, { error: `must be one of ${WALL_REPORT_REASONS.join(', ')}` }),
  note: z.optional(paragraphs(WALL_REPORT_NOTE_MAX, { required: false, trim: true })),
}).check(
  z.superRefine((body, ctx) => {
    if (body.reason === 'other' && !body.note)
      ctx.addIssue({ code: 'custom', path: ['note'], message: 'is required when the reason is "other": tell the moderators what is wrong' });
  }),
);
export type NewWallReport = z.input<typeof newReportBody>;

/**
 * POST /api/admin/wall/posts/:id/decisions: rejecting or hiding needs a reason the poet will read. `seen` is the status
 * the moderator's queue showed: the decision applies to that poem only (409 when another moderator decided meanwhile).
 */
export const decisionBody = strict({
  action: z.enum(WALL_DECISIONS, { error: `must be one of ${WALL_DECISIONS.join(', ')}` }),
  seen: z.enum(WALL_STATUSES, { error: `must be one of ${WALL_STATUSES.join(', ')}: the status the queue showed` }),
  reason: z.optional(paragraphs(WALL_REASON_MAX, { required: false, trim: true })),
}).check(
  z.superRefine((body, ctx) => {
    if ((body.action === 'reject' || body.action === 'hide') && !body.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: `is required to ${body.action} a poem: the poet reads it` });
    }
  }),
);
export type WallDecisionInput = z.input<typeof decisionBody>;

const wholeNumber = (max: number) =>
  z.coerce
    .number({ error: 'must be a number' })
    .check(z.int({ error: 'must be a whole number' }), z.gte(1, { error: 'must be 1 or more' }), z.lte(max, { error: `must be at most ${max}` }));
const page = z._default(wholeNumber(100_000), 1);
const pageSize = z._default(wholeNumber(WALL_PAGE_SIZE_MAX), WALL_PAGE_SIZE);

/**
 * GET /api/wall/posts: the first page, or the page after `cursor` (the previous answer's `pagination.nextCursor`,
 * read by the cms). `page` is the older way to page (by offset) and still answers.
 */
export const wallQuery = z.object({
  sort: z._default(z.enum(WALL_SORTS, { error: `must be one of ${WALL_SORTS.join(', ')}` }), 'newest'),
  page,
  pageSize,
  cursor: z.optional(z.string({ error: 'must be the nextCursor of a previous page' })),
  /** Only poems in this language (a language tag such as hi or ar). */
  language: z.optional(language),
  /** Only poems with this theme tag. */
  theme: z.optional(theme),
  /** Only poems whose title or text has every word of it (each as the beginning of a word), in any script. */
  q: z.optional(
    z.pipe(
      z.string({ error: 'must be text' }).check(z.maxLength(WALL_SEARCH_MAX, { error: characters(WALL_SEARCH_MAX) })),
      z.transform((value: string, ctx) => {
        const words = searchWords(value);
        if (!words.length) {
          ctx.issues.push({ code: 'custom', message: 'must have a word to look for', input: value });
          return z.NEVER;
        }
        return words;
      }),
    ),
  ),
});

/**
 * The words of a search, as both databases' indexes hold them: Unicode NFC, lower case, letters with their marks
 * (Devanagari vowel signs, Arabic harakat) and digits; anything else separates words. Repeats go; the first
 * WALL_SEARCH_WORDS_MAX count.
 */
export function searchWords(query: string): string[] {
  const words =
    query
      .normalize('NFC')
      .toLowerCase()
      .match(/[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu) ?? [];
  return [...new Set(words)].slice(0, WALL_SEARCH_WORDS_MAX);
}

/** GET /api/admin/wall/posts */
export const moderationQuery = z.object({
  filter: z._default(z.enum(WALL_MODERATION_FILTERS, { error: `must be one of ${WALL_MODERATION_FILTERS.join(', ')}` }), 'pending'),
  page,
  pageSize,
});

/** GET /api/wall/likes?ids=1,2,3: which of these posts the signed-in poet likes. */
export const likedQuery = z.object({
  ids: z.pipe(
    z
      .string({ error: 'is required: post numbers separated by commas' })
      .check(z.regex(/^[1-9][0-9]{0,9}(,[1-9][0-9]{0,9}){0,49}$/, { error: 'must be up to 50 post numbers separated by commas' })),
    z.transform((value: string) => [...new Set(value.split(',').map(Number))]),
  ),
});
