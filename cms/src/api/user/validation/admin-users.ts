// The boundary of /api/admin/users*: the shared request schemas (packages/shared/src/schemas/admin.ts).
import type { z } from 'zod';
import type { userFilters, userListQuery } from '@writory/shared';

export { roleChangeBody, userFilters, userListQuery } from '@writory/shared';
export type UserFilters = z.output<typeof userFilters>;
export type UserListQuery = z.output<typeof userListQuery>;
