// The requests of /api/wall/posts/:id/comments*, /api/wall/comments/* and /api/admin/wall/comments*.
import { z } from 'zod/mini';
import {
  COMMENT_DECISIONS,
  COMMENT_MODERATION_FILTERS,
  COMMENT_STATUSES,
  COMMENT_PAGE_SIZE,
  COMMENT_PAGE_SIZE_MAX,
  COMMENT_TEXT_MAX,
  CRITIQUE_FIELD_MAX,
} from '../comments.ts';
import { WALL_REASON_MAX, WALL_REPORT_NOTE_MAX, WALL_REPORT_REASONS } from '../wall.ts';
import { paragraphs, strict } from './wall.ts';

/** Plain text with line breaks: markup is kept as the characters it is (stored as text, shown escaped). */
const plain = (max: number, options?: { required?: boolean }) => paragraphs(max, { trim: true, ...options });

/** POST /api/wall/posts/:id/comments: a comment, or a critique (what works, what could be stronger), or a reply. */
export const newCommentBody = strict({
  text: z.optional(plain(COMMENT_TEXT_MAX, { required: false })),
  critique: z.optional(
    strict({
      works: plain(CRITIQUE_FIELD_MAX),
      stronger: plain(CRITIQUE_FIELD_MAX),
    }),
  ),
  parentId: z.optional(z.int({ error: 'must be the number of a comment' }).check(z.positive({ error: 'must be the number of a comment' }))),
}).check(
  z.superRefine((body, ctx) => {
    if (!body.text && !body.critique) ctx.addIssue({ code: 'custom', path: ['text'], message: 'is required: write a comment or a critique' });
    if (body.parentId && body.critique) ctx.addIssue({ code: 'custom', path: ['critique'], message: 'goes on the poem, not in a reply' });
  }),
);
export type NewWallComment = z.input<typeof newCommentBody>;

const wholeNumber = (max: number) =>
  z.coerce
    .number({ error: 'must be a number' })
    .check(z.int({ error: 'must be a whole number' }), z.gte(1, { error: 'must be 1 or more' }), z.lte(max, { error: `must be at most ${max}` }));

/** GET /api/wall/posts/:id/comments: the first page, or the one after `cursor` (the previous page's nextCursor). */
export const commentsQuery = z.object({
  pageSize: z._default(wholeNumber(COMMENT_PAGE_SIZE_MAX), COMMENT_PAGE_SIZE),
  cursor: z.optional(z.string().check(z.regex(/^c\.[1-9][0-9]{0,9}$/, { error: 'must be the nextCursor of a previous page' }))),
});

/** PUT /api/wall/posts/:id/comments-open */
export const commentsOpenBody = strict({ open: z.boolean({ error: 'must be true or false' }) });

/** POST /api/wall/comments/:id/reports */
export const commentReportBody = strict({
  reason: z.enum(WALL_REPORT_REASONS, { error: `must be one of ${WALL_REPORT_REASONS.join(', ')}` }),
  note: z.optional(paragraphs(WALL_REPORT_NOTE_MAX, { required: false, trim: true })),
}).check(
  z.superRefine((body, ctx) => {
    if (body.reason === 'other' && !body.note)
      ctx.addIssue({ code: 'custom', path: ['note'], message: 'is required when the reason is "other": tell the moderators what is wrong' });
  }),
);

/**
 * POST /api/admin/wall/comments/:id/decisions: rejecting or hiding needs a reason. `seen` is the status the moderator's
 * list showed: the decision applies to that comment only (409 when another moderator decided meanwhile).
 */
export const commentDecisionBody = strict({
  action: z.enum(COMMENT_DECISIONS, { error: `must be one of ${COMMENT_DECISIONS.join(', ')}` }),
  seen: z.enum(COMMENT_STATUSES, { error: `must be one of ${COMMENT_STATUSES.join(', ')}: the status the list showed` }),
  reason: z.optional(paragraphs(WALL_REASON_MAX, { required: false, trim: true })),
}).check(
  z.superRefine((body, ctx) => {
    if ((body.action === 'reject' || body.action === 'hide') && !body.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: `is required to ${body.action} a comment: its poet reads it` });
  }),
);
export type CommentDecisionInput = z.input<typeof commentDecisionBody>;

/** GET /api/admin/wall/comments */
export const commentModerationQuery = z.object({
  filter: z._default(z.enum(COMMENT_MODERATION_FILTERS, { error: `must be one of ${COMMENT_MODERATION_FILTERS.join(', ')}` }), 'pending'),
  page: z._default(wholeNumber(100_000), 1),
  pageSize: z._default(wholeNumber(COMMENT_PAGE_SIZE_MAX), COMMENT_PAGE_SIZE),
});
