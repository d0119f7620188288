// The request of POST /api/contact: the form checks these lengths before sending, the cms enforces them.
import { z } from 'zod/mini';
import { CONTACT_LIMITS, contactLengthWords } from '../contact.ts';
import { withoutBidiControls } from '../text-safety.ts';

// Printable text only: tabs and line breaks are fine in a message, other control characters are not.
const noControlChars = (allowNewlines: boolean) => (allowNewlines ? /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/ : /^[^\u0000-\u001F\u007F]*$/);

// One-line fields (name, subject) lose bidi controls; the message keeps its text.
const text = ({ min, max }: { min: number; max: number }, allowNewlines = false) =>
  z.string({ error: contactLengthWords.required }).check(
    z.overwrite((value) => (allowNewlines ? value : withoutBidiControls(value))),
    z.trim(),
    z.minLength(1, contactLengthWords.required),
    z.minLength(min, contactLengthWords.tooShort(min)),
    z.maxLength(max, contactLengthWords.tooLong(max)),
    z.regex(noControlChars(allowNewlines), 'contains control characters'),
  );

/** POST /api/contact */
export const contactInput = z.object({
  name: text(CONTACT_LIMITS.name),
  email: z.pipe(
    z
      .string({ error: contactLengthWords.required })
      .check(
        z.trim(),
        z.minLength(1, contactLengthWords.required),
        z.maxLength(CONTACT_LIMITS.email.max, contactLengthWords.tooLong(CONTACT_LIMITS.email.max)),
      ),
    z.email('must be a valid email address'),
  ),
  subject: text(CONTACT_LIMITS.subject),
  message: text(CONTACT_LIMITS.message, true),
  /** Honeypot: hidden from people, filled by bots. */
  website: z._default(z.optional(z.string().check(z.maxLength(500))), ''),
});
export type ContactInput = z.output<typeof contactInput>;
