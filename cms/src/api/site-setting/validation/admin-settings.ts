// The boundary of PUT /api/admin/settings: any subset of the settings; '' or null clears an optional one.
import { z } from 'zod';
import { PHONE_PATTERN } from '../../user/validation/user';

const emptyToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** An IANA time zone name this server knows (e.g. Asia/Kolkata, Europe/London, UTC). */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const phone = z.preprocess(
  emptyToNull,
  z
    .string({ error: 'must be a phone number' })
    .trim()
    .regex(PHONE_PATTERN, { error: 'must be a phone number such as +91 90000 00000 (6 to 20 digits, spaces, brackets or dashes)' })
    .nullable(),
);

const link = z.preprocess(
  emptyToNull,
  z
    .string({ error: 'must be a web address' })
    .trim()
    .max(300, { error: 'must be at most 300 characters' })
    .refine((value) => /^https:\/\/[^\s/]+\.[^\s]+$/.test(value) && URL.canParse(value), { error: 'must be an https:// web address' })
    .nullable(),
);

const count = z.number({ error: 'must be a whole number' }).int({ error: 'must be a whole number' }).min(0, { error: 'cannot be negative' }).max(10_000_000, { error: 'must be at most 10,000,000' });
const between = (min: number, max: number) =>
  z.number({ error: 'must be a whole number' }).int({ error: 'must be a whole number' }).min(min, { error: `must be at least ${min}` }).max(max, { error: `must be at most ${max}` });

export const settingsBody = z.strictObject(
  {
    contactEmail: z.string({ error: 'must be an email address' }).trim().max(254, { error: 'must be at most 254 characters' }).pipe(z.email({ error: 'must be an email address' })),
    whatsappPrimary: phone,
    whatsappSecondary: phone,
    instagramUrl: link,
    facebookUrl: link,
    xUrl: link,
    linkedinUrl: link,
    youtubeUrl: link,
    poetsCountFallback: count,
    piecesCountFallback: count,
    contestTimeZone: z.string({ error: 'must be a time zone name' }).trim().refine(isTimeZone, { error: 'must be a time zone name such as Asia/Kolkata, Europe/London or UTC' }),
    // Free entries per poet each month; entries beyond them use entry credits bought on /submit (0: all paid).
    maxEntriesPerMonth: between(0, 50),
    judgesPerEntry: between(1, 10),
    normaliseScores: z.boolean({ error: 'must be true or false' }),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `These are not settings: ${issue.keys.join(', ')}.` : 'Send the settings as a JSON object.') },
).partial();
export type SettingsInput = z.infer<typeof settingsBody>;
