// Where the header's account menu sends a member of staff: the first staff page their role may open. Kept apart from
// admin-pages.ts (every admin page with its label and purpose), which only the admin pages need: the header is on
// every page, and the list would be JavaScript every page downloads (issue 39: at most 100 KB per page).
// admin-pages.test.ts checks that this agrees with the list's own order.
import type { RoleType } from '@writory/shared';

const STAFF_HOME: Partial<Record<RoleType, string>> = { admin: 'admin-visit-tracking', judge: 'admin-submissions', moderator: 'admin-wall-moderation' };

/** The slug of the first staff page `role` may open; null for poets and visitors. */
export const staffHomeOf = (role: RoleType | null | undefined): string | null => (role ? (STAFF_HOME[role] ?? null) : null);
