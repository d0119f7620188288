// The boundary of /api/admin/contacts*: the shared request schemas (packages/shared/src/schemas/admin.ts).
import type { z } from 'zod';
import type { contactListQuery } from '@writory/shared';

export { contactListQuery, markReadBody } from '@writory/shared';
export type ContactListQuery = z.output<typeof contactListQuery>;
