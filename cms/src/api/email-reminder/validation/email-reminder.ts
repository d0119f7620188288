// The boundary of /api/admin/reminders* and /api/users/me/reminders.
import { z } from 'zod';
import { REMINDER_AUDIENCES, type ReminderAudience } from '@writory/shared';

const AUDIENCES = Object.keys(REMINDER_AUDIENCES) as [ReminderAudience, ...ReminderAudience[]];

export const reminderBody = z.strictObject(
  {
    subject: z
      .string({ error: 'Write a subject.' })
      .trim()
      .min(1, { error: 'Write a subject.' })
      .max(150, { error: 'The subject must be at most 150 characters.' })
      .regex(/^[^\u0000-\u001F\u007F]*$/, { error: 'The subject must be one line without control characters.' }),
    body: z
      .string({ error: 'Write the message.' })
      .trim()
      .min(1, { error: 'Write the message.' })
      .max(10_000, { error: 'The message must be at most 10,000 characters.' })
      .regex(/^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/, { error: 'The message contains control characters.' }),
    audience: z.enum(AUDIENCES, { error: `Choose an audience: ${AUDIENCES.join(', ')}.` }),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Only subject, body and audience can be sent (not ${issue.keys.join(', ')}).` : 'Send a JSON object with subject, body and audience.') },
);
export type ReminderInput = z.infer<typeof reminderBody>;

/** The Idempotency-Key header: the form makes one per reminder, so a second click repeats nothing. */
export const idempotencyKey = z
  .string({ error: 'Send an Idempotency-Key header (8 to 100 letters, digits, - or _), new for each reminder.' })
  .regex(/^[A-Za-z0-9_-]{8,100}$/, { error: 'The Idempotency-Key header must be 8 to 100 letters, digits, - or _.' });

export const preferenceBody = z.strictObject({ optedOut: z.boolean({ error: 'optedOut must be true or false' }) }, { error: 'Send a JSON object with optedOut: true or false.' });
