// The boundary of /api/wall* and /api/admin/wall*: every body, query and id is parsed here before a service sees it.
import { z } from 'zod';
import {
  WALL_DECISIONS,
  WALL_MODERATION_FILTERS,
  WALL_PAGE_SIZE,
  WALL_PAGE_SIZE_MAX,
  WALL_REASON_MAX,
  WALL_REPORT_NOTE_MAX,
  WALL_REPORT_REASONS,
  WALL_SORTS,
  WALL_TEXT_MAX,
  WALL_TITLE_MAX,
  withoutBidiControls,
} from '@writory/shared';

// C0 and C1 control characters; a poem keeps its line breaks and tabs, a title keeps nothing of the kind.
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const CONTROL_IN_LINE = /[\u0000-\u001F\u007F-\u009F]/;

/** A poem as written: Unicode NFC, Windows and old Mac line ends made "\n", trailing spaces at the very end dropped. */
export function normalisePoem(text: string): string {
  return text.normalize('NFC').replace(/\r\n?/g, '\n').replace(/\s+$/u, '');
}

/** Canonical BCP 47 tag ("AR" → "ar", "zh-hant" → "zh-Hant"), or null when it is not a language tag. */
export function canonicalLanguage(tag: string): string | null {
  try {
    const [canonical] = Intl.getCanonicalLocales(tag);
    return canonical && /^[a-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(canonical) ? canonical : null;
  } catch {
    return null;
  }
}

// Messages name no field: the error says "title: is required", a form shows "Title is required".
const text = () => z.string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') });
const characters = (max: number) => `must be at most ${max.toLocaleString('en')} characters`;

const line = (max: number) =>
  text()
    .transform((value) => withoutBidiControls(value.normalize('NFC')).trim())
    .pipe(
      z
        .string()
        .min(1, { error: 'is required' })
        .max(max, { error: characters(max) })
        .refine((value) => !CONTROL_IN_LINE.test(value), { error: 'cannot contain line breaks or control characters' }),
    );

/** Several lines: leading blank lines and trailing spaces go, indentation and inner spacing stay (unless `trim`). */
const paragraphs = (max: number, { required = true, trim = false } = {}) =>
  text()
    .transform((value) => (trim ? normalisePoem(value).trim() : normalisePoem(value).replace(/^\s*\n/u, '')))
    .pipe(
      z
        .string()
        .refine((value) => !required || value.trim().length > 0, { error: 'is required' })
        .refine((value) => value.length <= max, { error: characters(max) })
        .refine((value) => !CONTROL_IN_TEXT.test(value), { error: 'cannot contain control characters' }),
    );

const LANGUAGE_HINT = 'must be a language tag such as en, hi or ar';
const language = text()
  .trim()
  .max(35, { error: LANGUAGE_HINT })
  .transform((value, ctx) => {
    const canonical = canonicalLanguage(value);
    if (!canonical) {
      ctx.addIssue({ code: 'custom', message: LANGUAGE_HINT });
      return z.NEVER;
    }
    return canonical;
  });

const strict = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? `These fields are not accepted: ${issue.keys.join(', ')}.` : 'Send a JSON object.'),
  });

/** POST /api/wall/posts */
export const newPostBody = strict({
  title: line(WALL_TITLE_MAX),
  text: paragraphs(WALL_TEXT_MAX),
  language,
});
export type NewPostBody = z.infer<typeof newPostBody>;

/** POST /api/wall/posts/:id/reports: "other" needs a few words. */
export const newReportBody = strict({
  reason: z.enum(WALL_REPORT_REASONS, { error: `must be one of ${WALL_REPORT_REASONS.join(', ')}` }),
  note: paragraphs(WALL_REPORT_NOTE_MAX, { required: false, trim: true }).optional(),
}).superRefine((body, ctx) => {
  if (body.reason === 'other' && !body.note) ctx.addIssue({ code: 'custom', path: ['note'], message: 'is required when the reason is "other": tell the moderators what is wrong' });
});
export type NewReportBody = z.infer<typeof newReportBody>;

/** POST /api/admin/wall/posts/:id/decisions: rejecting or hiding needs a reason the poet will read. */
export const decisionBody = strict({
  action: z.enum(WALL_DECISIONS, { error: `must be one of ${WALL_DECISIONS.join(', ')}` }),
  reason: paragraphs(WALL_REASON_MAX, { required: false, trim: true }).optional(),
}).superRefine((body, ctx) => {
  if ((body.action === 'reject' || body.action === 'hide') && !body.reason) {
    ctx.addIssue({ code: 'custom', path: ['reason'], message: `is required to ${body.action} a poem: the poet reads it` });
  }
});
export type DecisionBody = z.infer<typeof decisionBody>;

/** :id of a post: a positive whole number. */
export const idParams = z.object({
  id: z.string().regex(/^[1-9][0-9]{0,9}$/, { error: 'must be a post number such as 42' }).transform(Number),
});

const wholeNumber = (max: number) =>
  z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be 1 or more' })
    .max(max, { error: `must be at most ${max}` });
const page = wholeNumber(100_000).default(1);
const pageSize = wholeNumber(WALL_PAGE_SIZE_MAX).default(WALL_PAGE_SIZE);

/** GET /api/wall/posts */
export const wallQuery = z.object({
  sort: z.enum(WALL_SORTS, { error: `must be one of ${WALL_SORTS.join(', ')}` }).default('newest'),
  page,
  pageSize,
});
export type WallQuery = z.infer<typeof wallQuery>;

/** GET /api/admin/wall/posts */
export const moderationQuery = z.object({
  filter: z.enum(WALL_MODERATION_FILTERS, { error: `must be one of ${WALL_MODERATION_FILTERS.join(', ')}` }).default('pending'),
  page,
  pageSize,
});
export type ModerationQuery = z.infer<typeof moderationQuery>;

/** GET /api/wall/likes?ids=1,2,3: which of these posts the signed-in poet likes. */
export const likedQuery = z.object({
  ids: z
    .string({ error: 'is required: post numbers separated by commas' })
    .regex(/^[1-9][0-9]{0,9}(,[1-9][0-9]{0,9}){0,49}$/, { error: 'must be up to 50 post numbers separated by commas' })
    .transform((value) => [...new Set(value.split(',').map(Number))]),
});
