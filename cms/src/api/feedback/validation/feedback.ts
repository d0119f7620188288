// The boundary of /api/feedback and /api/admin/feedback.
import { z } from 'zod';
import { isSameSitePath } from '@writory/shared';
import { optional, pageParams, searchText } from '../../../lib/list-query';
const day = z.iso.date({ error: 'must be a date written YYYY-MM-DD' });
const rating = z.number({ error: 'must be a whole number from 1 to 5' }).int({ error: 'must be a whole number from 1 to 5' }).min(1, { error: 'must be at least 1' }).max(5, { error: 'must be at most 5' });

export const feedbackBody = z.strictObject(
  {
    rating,
    comment: z
      .string({ error: 'must be text' })
      .trim()
      .max(2000, { error: 'must be at most 2000 characters' })
      .regex(/^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/, { error: 'contains control characters' })
      .optional()
      .default(''),
    page: z
      .string({ error: 'must be a path such as /submit' })
      .max(512, { error: 'must be at most 512 characters' })
      .refine(isSameSitePath, { error: 'must be a path on this site, starting with /' })
      .transform((value) => value.split(/[?#]/, 1)[0])
      .optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Only rating, comment and page can be sent (not ${issue.keys.join(', ')}).` : 'Send a JSON object with rating.') },
);
export type FeedbackInput = z.infer<typeof feedbackBody>;

export const feedbackListQuery = z
  .object({
    rating: optional(z.coerce.number({ error: 'must be a whole number from 1 to 5' }).pipe(rating)),
    from: optional(day),
    to: optional(day),
    q: searchText,
    ...pageParams,
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { error: 'from must be on or before to', path: ['from'] });
export type FeedbackListQuery = z.infer<typeof feedbackListQuery>;
