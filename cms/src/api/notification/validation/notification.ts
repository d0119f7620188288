// The boundary of /api/notifications* and /api/admin/notifications: every input is parsed here first.
import { z } from 'zod';
import {
  isSameSitePath,
  NOTIFICATION_LINK_MAX,
  NOTIFICATION_MAX_PAGE_SIZE,
  NOTIFICATION_MESSAGE_MAX,
  NOTIFICATION_PAGE_SIZE,
  NOTIFICATION_TITLE_MAX,
  withoutBidiControls,
} from '@writory/shared';

/** A database id as it appears in a path or a query string: digits only, no sign, no leading zero. */
const id = (what: string) =>
  z
    .string({ error: `${what} must be a notification id.` })
    .regex(/^[1-9][0-9]{0,15}$/, { error: `${what} must be a positive whole number.` })
    .transform(Number)
    .refine(Number.isSafeInteger, { error: `${what} is too large.` });

export const idParams = z.object({ id: id('id') });

export const listQuery = z.object({
  limit: z
    .string()
    .regex(/^[0-9]{1,3}$/, { error: `limit must be a whole number from 1 to ${NOTIFICATION_MAX_PAGE_SIZE}.` })
    .transform(Number)
    .refine((n) => n >= 1 && n <= NOTIFICATION_MAX_PAGE_SIZE, { error: `limit must be from 1 to ${NOTIFICATION_MAX_PAGE_SIZE}.` })
    .optional()
    .transform((n) => n ?? NOTIFICATION_PAGE_SIZE),
  before: id('before').optional(),
});

const text = (what: string, max: number) =>
  z
    .string({ error: `${what} is required.` })
    .trim()
    .min(1, { error: `${what} is required.` })
    .max(max, { error: `${what} must be at most ${max} characters.` })
    .regex(/^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/, { error: `${what} contains control characters.` });

export const adminNotificationBody = z.object({
  recipient: z.string({ error: 'recipient is required: a user’s uid or email.' }).trim().min(1, { error: 'recipient is required: a user’s uid or email.' }).max(254),
  title: text('title', NOTIFICATION_TITLE_MAX).overwrite(withoutBidiControls),
  message: text('message', NOTIFICATION_MESSAGE_MAX),
  link: z
    .string()
    .trim()
    .max(NOTIFICATION_LINK_MAX, { error: `link must be at most ${NOTIFICATION_LINK_MAX} characters.` })
    .refine((value) => value === '' || isSameSitePath(value), { error: 'link must be a path on this site, such as /profile.' })
    .nullish()
    .transform((value) => value || null),
});
