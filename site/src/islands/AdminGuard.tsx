import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import type { RoleType } from '@writory/shared';
import { $authStatus, $loggingOut } from '../stores/auth';
import { $productUser, $productUserState } from '../stores/product-user';

/**
 * Sends visitors to /auth and signed-in users without one of `roles` (admins by default) to the home page.
 * Only a courtesy: the server refuses admin data to anyone who is not allowed it.
 */
export default function AdminGuard({ roles = ['admin'] }: { roles?: RoleType[] }) {
  const status = useStore($authStatus);
  const user = useStore($productUser);
  const userState = useStore($productUserState);
  const loggingOut = useStore($loggingOut);

  useEffect(() => {
    if (loggingOut) return;
    if (status === 'signed-out') {
      window.location.replace(`/auth?${new URLSearchParams({ next: window.location.pathname })}`);
    } else if (status === 'signed-in' && (userState === 'synced' || userState === 'fallback') && !(user && roles.includes(user.role))) {
      window.location.replace('/');
    }
  }, [status, user, userState, loggingOut, roles]);

  return null;
}
