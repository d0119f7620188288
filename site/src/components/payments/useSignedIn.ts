import { useStore } from '@nanostores/react';
import { useHydrated } from '../react/useHydrated';
import { $authStatus } from '../../stores/auth';

/**
 * Where a page for signed-in poets stands: `ready` once it may call the API as the poet, `signedOut` for a
 * visitor (the page then offers sign-in instead of its content; it stays a public, linkable page).
 */
export function useSignedInPage(): { ready: boolean; signedOut: boolean } {
  const hydrated = useHydrated();
  const status = useStore($authStatus);
  return { ready: hydrated && status === 'signed-in', signedOut: hydrated && status === 'signed-out' };
}
