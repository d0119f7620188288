// The boundary of /api/admin/contacts*.
import { z } from 'zod';

const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

export const contactListQuery = z.object({
  status: optional(z.enum(['all', 'unread', 'read'], { error: 'must be all, unread or read' })),
  q: optional(z.string().trim().max(100, { error: 'must be at most 100 characters' })),
  page: optional(z.coerce.number({ error: 'must be a number' }).int().min(1).max(100_000)),
  pageSize: optional(z.coerce.number({ error: 'must be a number' }).int().min(1).max(100, { error: 'must be at most 100' })),
});
export type ContactListQuery = z.infer<typeof contactListQuery>;

export const markReadBody = z.strictObject({ read: z.boolean({ error: 'read must be true or false' }) }, { error: 'Send a JSON object with read: true or false.' });
