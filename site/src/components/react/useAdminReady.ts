import { useStore } from '@nanostores/react';
import { $authStatus } from '../../stores/auth';
import { $productUser } from '../../stores/product-user';
import { useHydrated } from './useHydrated';

/**
 * True once an admin is signed in: admin islands load their data only then (the AdminGuard sends others away).
 * False on the first client render, as on the server: an island that hydrates late (`client:idle`) may find the
 * admin already signed in, and rendering that at once would not match its server HTML (React errors #418 and #423).
 */
export function useAdminReady(): boolean {
  const hydrated = useHydrated();
  const status = useStore($authStatus);
  const user = useStore($productUser);
  return hydrated && status === 'signed-in' && user?.isAdmin === true;
}
