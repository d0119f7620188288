// The boundary of /api/entries*: the multipart fields of an entry, parsed before the entry service sees them.
import { z } from 'zod';
import { CONTACT_PHONE_PATTERN, DECLARATION_KEYS, DECLARATIONS, isCountryCode, withoutBidiControls } from '@writory/shared';
import { ApiError } from '../../../lib/api-error';

// One-line fields (title, language, name): bidi controls go, so no text can pose as another.
const text = (label: string, max: number, required: string) =>
  z
    .string({ error: required })
    .overwrite(withoutBidiControls)
    .trim()
    .min(1, { error: required })
    .max(max, { error: `${label} must be at most ${max} characters.` });

const contact = {
  fullName: text('Full name', 120, 'Enter your full name.').refine((name) => [...name].length >= 2, { error: 'Enter your full name.' }),
  phone: z
    .string({ error: 'Enter your phone number.' })
    .trim()
    .refine((value) => CONTACT_PHONE_PATTERN.test(value), { error: 'Enter a phone number such as +91 90000 00000 (6 to 20 digits, spaces, brackets or dashes).' }),
  country: z
    .string({ error: 'Choose your country.' })
    .trim()
    .toUpperCase()
    .refine(isCountryCode, { error: 'Choose your country from the list.' }),
};

/** POST /api/entries/preview: the names the preview hides come from the contact fields, when given. */
export const previewFields = z.object({
  fullName: z.string().overwrite(withoutBidiControls).trim().max(120).optional(),
  phone: z.string().trim().max(20).optional(),
});

/** POST /api/entries: every field of the form; declarations is a comma-separated list of the ticked keys. */
export const entryFields = z.object({
  title: text('The title', 160, 'Give your poem a title.'),
  language: text('The language', 64, 'Say which language the poem is in.'),
  ...contact,
  declarations: z
    .string({ error: 'Tick every declaration.' })
    .transform((value) => new Set(value.split(',').map((key) => key.trim())))
    .superRefine((ticked, ctx) => {
      for (const key of DECLARATION_KEYS) {
        if (!ticked.has(key)) ctx.addIssue({ code: 'custom', message: `Tick the declaration: “${DECLARATIONS[key]}”`, path: [] });
      }
    })
    .transform(() => Object.fromEntries(DECLARATION_KEYS.map((key) => [key, DECLARATIONS[key]])) as Record<string, string>),
  confirmedTextSha256: z
    .string({ error: 'Check the text we extracted from your file, then confirm it.' })
    .regex(/^[a-f0-9]{64}$/, { error: 'Check the text we extracted from your file, then confirm it.' }),
});

export type EntryFields = z.infer<typeof entryFields>;

const KEY = /^[A-Za-z0-9_.:-]{8,100}$/;

/** The Idempotency-Key header every entry carries (one per entry the poet means to make). */
export function idempotencyKeyOf(header: string | string[] | undefined): string {
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || !KEY.test(key)) {
    throw new ApiError(422, 'Send an Idempotency-Key header (8 to 100 letters, digits, "-", "_", ".", ":"), the same for retries of one entry.', {}, 'ValidationError');
  }
  return key;
}
