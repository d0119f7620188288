import { useStore } from '@nanostores/react';
import type { RoleType } from '@writory/shared';
import { $authStatus } from '../../stores/auth';
import { $productUser } from '../../stores/product-user';
import { useHydrated } from './useHydrated';

/**
 * True once someone whose role may use the page is signed in: staff islands load their data only then (the
 * AdminGuard tells everyone else who the page is for), so a poet who opens a staff page sends no request to be refused.
 * False on the first client render, as on the server: an island that hydrates late (`client:idle`) may find the
 * person already signed in, and rendering that at once would not match its server HTML (React errors #418 and #423).
 */
export function useStaffReady(roles: readonly RoleType[]): boolean {
  const hydrated = useHydrated();
  const status = useStore($authStatus);
  const user = useStore($productUser);
  return hydrated && status === 'signed-in' && !!user && (roles.includes(user.role) || (user.isAdmin && roles.includes('admin')));
}

/** useStaffReady for the pages only admins may use. */
export const useAdminReady = (): boolean => useStaffReady(ADMINS);

const ADMINS: readonly RoleType[] = ['admin'];
