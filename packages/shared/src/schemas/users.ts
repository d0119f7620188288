// The requests of /api/users* and /api/auth-mail/*.
import { z } from 'zod/mini';
import { MINIMUM_AGE } from '../contest-rules.ts';
import { CONTACT_PHONE_PATTERN } from '../entries.ts';
import { withoutBidiControls } from '../text-safety.ts';
import { LOCALES } from '../locales.ts';

export const NAME_MAX = 80;
export const UNDER_AGE_MESSAGE = `You must be at least ${MINIMUM_AGE} years old to take part in Writory.`;

const emptyToNull = z.transform((value: string | null | undefined) => (value === '' ? null : value));

const name = z.pipe(
  z.nullish(
    z
      .string({ error: 'Name must be text.' })
      .check(z.overwrite(withoutBidiControls), z.trim(), z.maxLength(NAME_MAX, { error: `Name must be at most ${NAME_MAX} characters.` })),
  ),
  emptyToNull,
);

const phone = z.pipe(
  z.nullish(
    z.string({ error: 'Phone must be text.' }).check(
      z.trim(),
      z.refine((value) => value === '' || CONTACT_PHONE_PATTERN.test(value), {
        error: 'Phone must be a phone number such as +91 90000 00000 (6 to 20 digits, spaces, brackets or dashes).',
      }),
    ),
  ),
  emptyToNull,
);

/** Whole years between a YYYY-MM-DD birth date and today (UTC). */
export function ageOn(dateOfBirth: string, today: Date): number {
  const [year, month, day] = dateOfBirth.split('-').map(Number);
  let age = today.getUTCFullYear() - year;
  const beforeBirthday = today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}

function dateOfBirth(now: () => Date) {
  return z.nullish(
    z.iso.date({ error: 'Date of birth must be a date written YYYY-MM-DD.' }).check(
      z.superRefine((value, ctx) => {
        const today = now();
        if (value > today.toISOString().slice(0, 10)) {
          ctx.addIssue({ code: 'custom', message: 'Date of birth cannot be in the future.' });
        } else if (value < '1900-01-01') {
          ctx.addIssue({ code: 'custom', message: 'Date of birth must be after 1900.' });
        } else if (ageOn(value, today) < MINIMUM_AGE) {
          ctx.addIssue({ code: 'custom', message: UNDER_AGE_MESSAGE });
        }
      }),
    ),
  );
}

/** POST /api/users (sent at each sign-in): the token decides who the caller is, uid must match it; extra keys (sent by older clients) are ignored. */
export const upsertBody = z.object({
  uid: z.string({ error: 'uid is required.' }).check(z.minLength(1, { error: 'uid is required.' }), z.maxLength(128)),
  email: z.pipe(
    z.transform((value: unknown) => (value === '' ? null : value)),
    z.nullish(z.email({ error: 'Email must be an email address.' }).check(z.maxLength(254))),
  ),
  name,
  phone,
  /** A referral code the browser kept from an invitation link (src/api/referral): attributes a new account. */
  referralCode: z.catch(z.nullish(z.string().check(z.trim(), z.maxLength(32))), null),
});
/** email also takes '' (as null); the schema reads any value there so a wrong type gets the email message. */
export type UpsertProductUserBody = Omit<z.input<typeof upsertBody>, 'email'> & { email?: string | null };

/** PUT /api/users/me: only these fields may change (null clears one), anything else is refused. */
export const updateMeBody = (now: () => Date = () => new Date()) =>
  z.strictObject(
    {
      name,
      phone,
      dateOfBirth: dateOfBirth(now),
      /** The language of the person's emails, notifications and the cms's messages. */
      locale: z.optional(z.enum(LOCALES, { error: `Language must be one of ${LOCALES.join(', ')}.` })),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? `These fields cannot be changed here: ${issue.keys.join(', ')}.` : 'Send a JSON object.') },
  );
export type UpdateProductUserBody = z.input<ReturnType<typeof updateMeBody>>;

/** POST /api/auth-mail/verification: the email goes to the signed-in account. */
export const verificationBody = z.strictObject(
  {},
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Send an empty JSON object (not ${issue.keys.join(', ')}): the email goes to the signed-in account.`
        : 'Send an empty JSON object.',
  },
);

/** POST /api/auth-mail/password-reset */
export const passwordResetBody = z.strictObject(
  {
    email: z.pipe(
      z
        .string({ error: 'Enter your email address.' })
        .check(
          z.trim(),
          z.minLength(1, { error: 'Enter your email address.' }),
          z.maxLength(254, { error: 'The email address must be at most 254 characters.' }),
        ),
      z.email({ error: 'Enter an email address like name@example.com.' }),
    ),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Only email can be sent (not ${issue.keys.join(', ')}).` : 'Send a JSON object with email.') },
);
