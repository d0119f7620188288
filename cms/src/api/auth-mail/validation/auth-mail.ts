// The boundary of /api/auth-mail/*.
import { z } from 'zod';

export const verificationBody = z.strictObject({}, { error: (issue) => (issue.code === 'unrecognized_keys' ? `Send an empty JSON object (not ${issue.keys.join(', ')}): the email goes to the signed-in account.` : 'Send an empty JSON object.') });

export const passwordResetBody = z.strictObject(
  {
    email: z
      .string({ error: 'Enter your email address.' })
      .trim()
      .min(1, { error: 'Enter your email address.' })
      .max(254, { error: 'The email address must be at most 254 characters.' })
      .pipe(z.email({ error: 'Enter an email address like name@example.com.' })),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Only email can be sent (not ${issue.keys.join(', ')}).` : 'Send a JSON object with email.') },
);
export type PasswordResetInput = z.infer<typeof passwordResetBody>;
