// The boundary of /api/admin/users*: every query and body is parsed here.
import { z } from 'zod';
import { ENTRY_FILTERS, ROLE_TYPES, USER_STATUSES, type RoleType } from '@writory/shared';
import { optional, pageParams, searchText } from '../../../lib/list-query';


const ROLE_MESSAGE = `role must be one of ${ROLE_TYPES.join(', ')} (poet means authenticated)`;
/** A role type; "poet" is accepted for the poets' role, authenticated. */
export const roleType = z.preprocess(
  (value) => (value === 'poet' ? 'authenticated' : value),
  z.enum(ROLE_TYPES as [RoleType, ...RoleType[]], { error: ROLE_MESSAGE }),
);

export const userFilters = z.object({
  q: searchText,
  role: optional(roleType),
  status: optional(z.enum(USER_STATUSES, { error: `must be one of ${USER_STATUSES.join(', ')}` })),
  verified: optional(z.enum(['true', 'false'], { error: 'must be true or false' }).transform((value) => value === 'true')),
  entries: optional(z.enum(ENTRY_FILTERS, { error: `must be one of ${ENTRY_FILTERS.join(', ')}` })),
});
export type UserFilters = z.infer<typeof userFilters>;

export const userListQuery = userFilters.extend(pageParams);
export type UserListQuery = z.infer<typeof userListQuery>;

export const roleChangeBody = z.strictObject({ role: roleType }, { error: (issue) => (issue.code === 'unrecognized_keys' ? `Only role can be sent here (not ${issue.keys.join(', ')}).` : 'Send a JSON object with role.') });
