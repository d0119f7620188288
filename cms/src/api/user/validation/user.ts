// The boundary of /api/users*: every body is parsed here before a service sees it.
import { z } from 'zod';
import { MINIMUM_AGE, withoutBidiControls } from '@writory/shared';
import { validationError } from '../../../lib/api-error';

export const NAME_MAX = 80;
export const PHONE_PATTERN = /^\+?[0-9 ()-]{6,20}$/;
export const UNDER_AGE_MESSAGE = `You must be at least ${MINIMUM_AGE} years old to take part in Writory.`;

const emptyToNull = (value: string | null | undefined) => (value === '' ? null : value);

const name = z
  .string({ error: 'Name must be text.' })
  .overwrite(withoutBidiControls)
  .trim()
  .max(NAME_MAX, { error: `Name must be at most ${NAME_MAX} characters.` })
  .nullish()
  .transform(emptyToNull);

const phone = z
  .string({ error: 'Phone must be text.' })
  .trim()
  .refine((value) => value === '' || PHONE_PATTERN.test(value), {
    error: 'Phone must be a phone number such as +91 90000 00000 (6 to 20 digits, spaces, brackets or dashes).',
  })
  .nullish()
  .transform(emptyToNull);

/** Whole years between a YYYY-MM-DD birth date and today (UTC). */
export function ageOn(dateOfBirth: string, today: Date): number {
  const [year, month, day] = dateOfBirth.split('-').map(Number);
  let age = today.getUTCFullYear() - year;
  const beforeBirthday = today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}

function dateOfBirth(now: () => Date) {
  return z
    .iso.date({ error: 'Date of birth must be a date written YYYY-MM-DD.' })
    .superRefine((value, ctx) => {
      const today = now();
      if (value > today.toISOString().slice(0, 10)) {
        ctx.addIssue({ code: 'custom', message: 'Date of birth cannot be in the future.' });
      } else if (value < '1900-01-01') {
        ctx.addIssue({ code: 'custom', message: 'Date of birth must be after 1900.' });
      } else if (ageOn(value, today) < MINIMUM_AGE) {
        ctx.addIssue({ code: 'custom', message: UNDER_AGE_MESSAGE });
      }
    })
    .nullish();
}

/** POST /api/users: extra keys (sent by older clients) are ignored. */
export const upsertBody = z.object({
  uid: z.string({ error: 'uid is required.' }).min(1, { error: 'uid is required.' }).max(128),
  email: z.preprocess((value) => (value === '' ? null : value), z.email({ error: 'Email must be an email address.' }).max(254).nullish()),
  name,
  phone,
  /** A referral code the browser kept from an invitation link (src/api/referral): attributes a new account. */
  referralCode: z.string().trim().max(32).nullish().catch(null),
});

/** PUT /api/users/me: only these fields may change, anything else is refused. */
export const updateMeBody = (now: () => Date = () => new Date()) =>
  z.strictObject({ name, phone, dateOfBirth: dateOfBirth(now) }, { error: (issue) => (issue.code === 'unrecognized_keys' ? `These fields cannot be changed here: ${issue.keys.join(', ')}.` : 'Send a JSON object.') });

export type UpsertBody = z.infer<typeof upsertBody>;
export type UpdateMeBody = z.infer<ReturnType<typeof updateMeBody>>;

/** Parses or throws a 422 listing every field problem. */
export function parse<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw validationError(result.error.issues.map((issue) => ({ path: issue.path as (string | number)[], message: issue.message })));
}
