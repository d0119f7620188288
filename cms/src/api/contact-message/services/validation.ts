import { z } from 'zod';
import { CONTACT_LIMITS, contactLengthWords, withoutBidiControls } from '@writory/shared';

// Printable text only: tabs and line breaks are fine in a message, other control characters are not.
const noControlChars = (allowNewlines: boolean) =>
  allowNewlines ? /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/ : /^[^\u0000-\u001F\u007F]*$/;

// One-line fields (name, subject) lose bidi controls; the message keeps its text. Lengths are the form's own.
const text = ({ min, max }: { min: number; max: number }, allowNewlines = false) =>
  z
    .string({ error: contactLengthWords.required })
    .overwrite((value) => (allowNewlines ? value : withoutBidiControls(value)))
    .trim()
    .min(1, contactLengthWords.required)
    .min(min, contactLengthWords.tooShort(min))
    .max(max, contactLengthWords.tooLong(max))
    .regex(noControlChars(allowNewlines), 'contains control characters');

export const contactInput = z.object({
  name: text(CONTACT_LIMITS.name),
  email: z
    .string({ error: contactLengthWords.required })
    .trim()
    .min(1, contactLengthWords.required)
    .max(CONTACT_LIMITS.email.max, contactLengthWords.tooLong(CONTACT_LIMITS.email.max))
    .pipe(z.email('must be a valid email address')),
  subject: text(CONTACT_LIMITS.subject),
  message: text(CONTACT_LIMITS.message, true),
  /** Honeypot: hidden from people, filled by bots. */
  website: z.string().max(500).optional().default(''),
});

export type ContactInput = z.infer<typeof contactInput>;
