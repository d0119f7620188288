// The requests of the admin lists and tools: visits, feedback, contact messages, users, reminders, settings,
// notifications; and the poet-side bodies of the same domains (POST /api/feedback, /api/track-visit-realtime).
import { z } from 'zod/mini';
import {
  ENTRY_FILTERS,
  MAX_RANGE_DAYS,
  REMINDER_AUDIENCES,
  ROLE_TYPES,
  USER_STATUSES,
  VISIT_DEVICES,
  VISIT_USER_TYPES,
  type ReminderAudience,
} from '../admin.ts';
import {
  isSameSitePath,
  NOTIFICATION_LINK_MAX,
  NOTIFICATION_MAX_PAGE_SIZE,
  NOTIFICATION_MESSAGE_MAX,
  NOTIFICATION_PAGE_SIZE,
  NOTIFICATION_TITLE_MAX,
} from '../notifications.ts';
import { withoutBidiControls } from '../text-safety.ts';
import type { RoleType } from '../wire.ts';
import { CONTACT_PHONE_PATTERN } from '../entries.ts';
import { isoDay, optionalParam, pageParams, searchText } from './common.ts';

// ---- Visits ------------------------------------------------------------------------------------------------------

const CLOCK_SKEW_MS = 24 * 60 * 60_000;

const optionalText = (max: number) =>
  z.nullish(z.string({ error: 'must be text or null' }).check(z.maxLength(max, { error: `must be at most ${max} characters` })));

/** A same-site path: its query and fragment are dropped (they may carry codes), a trailing slash too. */
const pagePath = z
  .pipe(
    z.string({ error: 'must be a path such as /about' }).check(
      z.maxLength(2048, { error: 'must be at most 2048 characters' }),
      z.refine((value) => value.startsWith('/') && !value.startsWith('//'), { error: 'must be a path on this site, starting with /' }),
    ),
    z.transform((value: string) => {
      const path = value.split(/[?#]/, 1)[0];
      return path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
    }),
  )
  .check(z.refine((path) => path.length <= 512, { error: 'must be at most 512 characters without its query' }));

const TIMESTAMP_MESSAGE = 'must be an ISO 8601 date-time or milliseconds since 1970';
const timestamp = z
  .union([z.iso.datetime({ offset: true, error: TIMESTAMP_MESSAGE }), z.number({ error: TIMESTAMP_MESSAGE }).check(z.int({ error: TIMESTAMP_MESSAGE }))], {
    error: TIMESTAMP_MESSAGE,
  })
  .check(
    z.refine(
      (value) => {
        const at = typeof value === 'number' ? value : Date.parse(value);
        return Number.isFinite(at) && Math.abs(at - Date.now()) <= CLOCK_SKEW_MS;
      },
      { error: 'must be within a day of now' },
    ),
  );

/**
 * POST /api/track-visit-realtime (the spec's visit record). A logged-in visit needs the visitor's ID token;
 * the cms takes the user, email and name from the token's account, never from this body.
 */
export const trackVisitBody = z.object(
  {
    userID: z
      .string({ error: 'must be text' })
      .check(z.trim(), z.minLength(1, { error: 'is required' }), z.maxLength(128, { error: 'must be at most 128 characters' })),
    userType: z.enum(VISIT_USER_TYPES, { error: 'must be "logged-in" or "anonymous"' }),
    pageVisited: pagePath,
    timestamp,
    email: optionalText(254),
    username: optionalText(120),
    device: z.enum(VISIT_DEVICES, { error: 'must be "mobile" or "desktop"' }),
  },
  { error: 'Send the visit as a JSON object.' },
);
export type TrackVisitBody = z.input<typeof trackVisitBody>;

/** ?from=YYYY-MM-DD&to=YYYY-MM-DD, both days included, in the contest time zone. */
export const dayRange = z.object({ from: isoDay(), to: isoDay() }).check(
  z.refine((range) => range.from <= range.to, { error: 'from must be on or before to', path: ['from'] }),
  z.refine((range) => (Date.parse(range.to) - Date.parse(range.from)) / 86_400_000 < MAX_RANGE_DAYS, {
    error: `the range must be at most ${MAX_RANGE_DAYS} days`,
    path: ['to'],
  }),
);

// ---- Feedback ----------------------------------------------------------------------------------------------------

const rating = z
  .number({ error: 'must be a whole number from 1 to 5' })
  .check(z.int({ error: 'must be a whole number from 1 to 5' }), z.gte(1, { error: 'must be at least 1' }), z.lte(5, { error: 'must be at most 5' }));

/** POST /api/feedback: a signed-in poet rates Writory 1–5 with an optional comment. */
export const feedbackBody = z.strictObject(
  {
    rating,
    comment: z._default(
      z.optional(
        z
          .string({ error: 'must be text' })
          .check(
            z.trim(),
            z.maxLength(2000, { error: 'must be at most 2000 characters' }),
            z.regex(/^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/, { error: 'contains control characters' }),
          ),
      ),
      '',
    ),
    page: z.optional(
      z.pipe(
        z
          .string({ error: 'must be a path such as /submit' })
          .check(
            z.maxLength(512, { error: 'must be at most 512 characters' }),
            z.refine(isSameSitePath, { error: 'must be a path on this site, starting with /' }),
          ),
        z.transform((value: string) => value.split(/[?#]/, 1)[0]),
      ),
    ),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? `Only rating, comment and page can be sent (not ${issue.keys.join(', ')}).` : 'Send a JSON object with rating.',
  },
);
export type FeedbackBody = z.input<typeof feedbackBody>;

/** GET /api/admin/feedback */
export const feedbackListQuery = z
  .object({
    rating: optionalParam(z.pipe(z.coerce.number({ error: 'must be a whole number from 1 to 5' }), rating)),
    from: optionalParam(isoDay()),
    to: optionalParam(isoDay()),
    q: searchText,
    ...pageParams,
  })
  .check(z.refine((query) => !query.from || !query.to || query.from <= query.to, { error: 'from must be on or before to', path: ['from'] }));

// ---- Contact messages --------------------------------------------------------------------------------------------

/** GET /api/admin/contacts */
export const contactListQuery = z.object({
  status: optionalParam(z.enum(['all', 'unread', 'read'], { error: 'must be all, unread or read' })),
  q: searchText,
  ...pageParams,
});

/** PATCH /api/admin/contacts/{id} */
export const markReadBody = z.strictObject(
  { read: z.boolean({ error: 'read must be true or false' }) },
  { error: 'Send a JSON object with read: true or false.' },
);

// ---- Users -------------------------------------------------------------------------------------------------------

const ROLE_MESSAGE = `role must be one of ${ROLE_TYPES.join(', ')} (poet means authenticated)`;
/** A role type; "poet" is accepted for the poets' role, authenticated. */
const roleType = z.pipe(
  z.transform((value: unknown) => (value === 'poet' ? 'authenticated' : value)),
  z.enum(ROLE_TYPES as [RoleType, ...RoleType[]], { error: ROLE_MESSAGE }),
);

/** The filters of GET /api/admin/users (and of its CSV export). */
export const userFilters = z.object({
  q: searchText,
  role: optionalParam(roleType),
  status: optionalParam(z.enum(USER_STATUSES, { error: `must be one of ${USER_STATUSES.join(', ')}` })),
  verified: optionalParam(
    z.pipe(
      z.enum(['true', 'false'], { error: 'must be true or false' }),
      z.transform((value: 'true' | 'false') => value === 'true'),
    ),
  ),
  entries: optionalParam(z.enum(ENTRY_FILTERS, { error: `must be one of ${ENTRY_FILTERS.join(', ')}` })),
});

/** GET /api/admin/users */
export const userListQuery = z.extend(userFilters, pageParams);

/** PUT /api/admin/users/{uid}/role */
export const roleChangeBody = z.strictObject(
  { role: roleType },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Only role can be sent here (not ${issue.keys.join(', ')}).` : 'Send a JSON object with role.') },
);

// ---- Reminders ---------------------------------------------------------------------------------------------------

const AUDIENCES = Object.keys(REMINDER_AUDIENCES) as [ReminderAudience, ...ReminderAudience[]];

/** POST /api/admin/reminders; the `Idempotency-Key` header makes a repeated request answer the first one. */
export const reminderBody = z.strictObject(
  {
    subject: z
      .string({ error: 'Write a subject.' })
      .check(
        z.trim(),
        z.minLength(1, { error: 'Write a subject.' }),
        z.maxLength(150, { error: 'The subject must be at most 150 characters.' }),
        z.regex(/^[^\u0000-\u001F\u007F]*$/, { error: 'The subject must be one line without control characters.' }),
      ),
    body: z
      .string({ error: 'Write the message.' })
      .check(
        z.trim(),
        z.minLength(1, { error: 'Write the message.' }),
        z.maxLength(10_000, { error: 'The message must be at most 10,000 characters.' }),
        z.regex(/^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/, { error: 'The message contains control characters.' }),
      ),
    audience: z.enum(AUDIENCES, { error: `Choose an audience: ${AUDIENCES.join(', ')}.` }),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Only subject, body and audience can be sent (not ${issue.keys.join(', ')}).`
        : 'Send a JSON object with subject, body and audience.',
  },
);
export type ReminderBody = z.input<typeof reminderBody>;

/** The Idempotency-Key header of POST /api/admin/reminders: the form makes one per reminder, so a second click repeats nothing. */
export const reminderIdempotencyKey = z
  .string({ error: 'Send an Idempotency-Key header (8 to 100 letters, digits, - or _), new for each reminder.' })
  .check(z.regex(/^[A-Za-z0-9_-]{8,100}$/, { error: 'The Idempotency-Key header must be 8 to 100 letters, digits, - or _.' }));

/** PUT /api/users/me/reminders */
export const preferenceBody = z.strictObject(
  { optedOut: z.boolean({ error: 'optedOut must be true or false' }) },
  { error: 'Send a JSON object with optedOut: true or false.' },
);

// ---- Site settings -----------------------------------------------------------------------------------------------

const emptyToNull = z.transform((value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value));

/** An IANA time zone name this runtime knows (e.g. Asia/Kolkata, Europe/London, UTC). */
export function isTimeZoneName(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const settingPhone = z.pipe(
  emptyToNull,
  z.nullable(
    z
      .string({ error: 'must be a phone number' })
      .check(
        z.trim(),
        z.regex(CONTACT_PHONE_PATTERN, { error: 'must be a phone number such as +91 90000 00000 (6 to 20 digits, spaces, brackets or dashes)' }),
      ),
  ),
);

const settingLink = z.pipe(
  emptyToNull,
  z.nullable(
    z.string({ error: 'must be a web address' }).check(
      z.trim(),
      z.maxLength(300, { error: 'must be at most 300 characters' }),
      z.refine((value) => /^https:\/\/[^\s/]+\.[^\s]+$/.test(value) && URL.canParse(value), { error: 'must be an https:// web address' }),
    ),
  ),
);

const count = z
  .number({ error: 'must be a whole number' })
  .check(z.int({ error: 'must be a whole number' }), z.gte(0, { error: 'cannot be negative' }), z.lte(10_000_000, { error: 'must be at most 10,000,000' }));
const between = (min: number, max: number) =>
  z
    .number({ error: 'must be a whole number' })
    .check(z.int({ error: 'must be a whole number' }), z.gte(min, { error: `must be at least ${min}` }), z.lte(max, { error: `must be at most ${max}` }));

/** PUT /api/admin/settings: any subset of the settings; '' or null clears an optional one. */
export const settingsBody = z.partial(
  z.strictObject(
    {
      contactEmail: z.pipe(
        z.string({ error: 'must be an email address' }).check(z.trim(), z.maxLength(254, { error: 'must be at most 254 characters' })),
        z.email({ error: 'must be an email address' }),
      ),
      whatsappPrimary: settingPhone,
      whatsappSecondary: settingPhone,
      instagramUrl: settingLink,
      facebookUrl: settingLink,
      xUrl: settingLink,
      linkedinUrl: settingLink,
      youtubeUrl: settingLink,
      poetsCountFallback: count,
      piecesCountFallback: count,
      contestTimeZone: z
        .string({ error: 'must be a time zone name' })
        .check(z.trim(), z.refine(isTimeZoneName, { error: 'must be a time zone name such as Asia/Kolkata, Europe/London or UTC' })),
      // Free entries per poet each month; entries beyond them use entry credits bought on /submit (0: all paid).
      maxEntriesPerMonth: between(0, 50),
      judgesPerEntry: between(1, 10),
      normaliseScores: z.boolean({ error: 'must be true or false' }),
      creditsShared: z.boolean({ error: 'must be true or false' }),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? `These are not settings: ${issue.keys.join(', ')}.` : 'Send the settings as a JSON object.') },
  ),
);

// ---- Notifications -----------------------------------------------------------------------------------------------

/** A database id as it appears in a path or a query string: digits only, no sign, no leading zero. */
const notificationId = (what: string) =>
  z
    .pipe(
      z.string({ error: `${what} must be a notification id.` }).check(z.regex(/^[1-9][0-9]{0,15}$/, { error: `${what} must be a positive whole number.` })),
      z.transform(Number),
    )
    .check(z.refine(Number.isSafeInteger, { error: `${what} is too large.` }));

/** /api/notifications/{id}* */
export const notificationIdParams = z.object({ id: notificationId('id') });

/** GET /api/notifications?limit=&before= */
export const notificationListQuery = z.object({
  limit: z.pipe(
    z.optional(
      z
        .pipe(
          z.string().check(z.regex(/^[0-9]{1,3}$/, { error: `limit must be a whole number from 1 to ${NOTIFICATION_MAX_PAGE_SIZE}.` })),
          z.transform(Number),
        )
        .check(z.refine((n) => n >= 1 && n <= NOTIFICATION_MAX_PAGE_SIZE, { error: `limit must be from 1 to ${NOTIFICATION_MAX_PAGE_SIZE}.` })),
    ),
    z.transform((n: number | undefined) => n ?? NOTIFICATION_PAGE_SIZE),
  ),
  before: z.optional(notificationId('before')),
});

const notificationText = (what: string, max: number) =>
  z
    .string({ error: `${what} is required.` })
    .check(
      z.trim(),
      z.minLength(1, { error: `${what} is required.` }),
      z.maxLength(max, { error: `${what} must be at most ${max} characters.` }),
      z.regex(/^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/, { error: `${what} contains control characters.` }),
    );

/** POST /api/admin/notifications: an admin tells one user something; `recipient` is a Firebase uid or an email. */
export const adminNotificationBody = z.object({
  recipient: z
    .string({ error: 'recipient is required: a user’s uid or email.' })
    .check(z.trim(), z.minLength(1, { error: 'recipient is required: a user’s uid or email.' }), z.maxLength(254)),
  title: notificationText('title', NOTIFICATION_TITLE_MAX).check(z.overwrite(withoutBidiControls)),
  message: notificationText('message', NOTIFICATION_MESSAGE_MAX),
  link: z.pipe(
    z.nullish(
      z.string().check(
        z.trim(),
        z.maxLength(NOTIFICATION_LINK_MAX, { error: `link must be at most ${NOTIFICATION_LINK_MAX} characters.` }),
        z.refine((value) => value === '' || isSameSitePath(value), { error: 'link must be a path on this site, such as /profile.' }),
      ),
    ),
    z.transform((value: string | null | undefined) => value || null),
  ),
});
export type AdminNotificationBody = z.input<typeof adminNotificationBody>;
