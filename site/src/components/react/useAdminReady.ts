import { useStore } from '@nanostores/react';
import { $authStatus } from '../../stores/auth';
import { $productUser } from '../../stores/product-user';

/** True once an admin is signed in: admin islands load their data only then (the AdminGuard sends others away). */
export function useAdminReady(): boolean {
  const status = useStore($authStatus);
  const user = useStore($productUser);
  return status === 'signed-in' && user?.isAdmin === true;
}
