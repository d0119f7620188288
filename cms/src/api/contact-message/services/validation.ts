import { z } from 'zod';
import { withoutBidiControls } from '@writory/shared';

// Printable text only: tabs and line breaks are fine in a message, other control characters are not.
const noControlChars = (allowNewlines: boolean) =>
  allowNewlines ? /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/ : /^[^\u0000-\u001F\u007F]*$/;

// One-line fields (name, subject) lose bidi controls; the message keeps its text.
const text = (max: number, allowNewlines = false) =>
  z
    .string({ error: 'is required' })
    .overwrite((value) => (allowNewlines ? value : withoutBidiControls(value)))
    .trim()
    .min(1, 'is required')
    .max(max, `must be at most ${max} characters`)
    .regex(noControlChars(allowNewlines), 'contains control characters');

export const contactInput = z.object({
  name: text(80),
  email: z.string({ error: 'is required' }).trim().max(254, 'must be at most 254 characters').pipe(z.email('must be a valid email address')),
  subject: text(120),
  message: text(5000, true),
  /** Honeypot: hidden from people, filled by bots. */
  website: z.string().max(500).optional().default(''),
});

export type ContactInput = z.infer<typeof contactInput>;
