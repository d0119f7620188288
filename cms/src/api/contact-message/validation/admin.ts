// The boundary of /api/admin/contacts*.
import { z } from 'zod';
import { optional, pageParams, searchText } from '../../../lib/list-query';

export const contactListQuery = z.object({
  status: optional(z.enum(['all', 'unread', 'read'], { error: 'must be all, unread or read' })),
  q: searchText,
  ...pageParams,
});
export type ContactListQuery = z.infer<typeof contactListQuery>;

export const markReadBody = z.strictObject({ read: z.boolean({ error: 'read must be true or false' }) }, { error: 'Send a JSON object with read: true or false.' });
