// The product user: the poet as the cms knows them (spec section 4). Synced with POST /api/users on
// every auth change, built from the identity when the server cannot be reached, null when signed out.
import { atom, onMount } from 'nanostores';
import type { ProductUser } from '@writory/shared';
import { fetchMe, syncMe } from '../api/users';
import { forgetReferralCode, keptReferralCode } from '../lib/referral-attribution';
import { $identity, type IdentityUser } from './auth';

/** 'synced': from the server; 'fallback': built from the identity because the server did not answer. */
export type ProductUserState = 'idle' | 'syncing' | 'synced' | 'fallback';

export const $productUser = atom<ProductUser | null>(null);
export const $productUserState = atom<ProductUserState>('idle');

/** The window event that replaces the product user (event.detail) or asks for a refetch (no detail). */
export const PROFILE_UPDATED_EVENT = 'profileUpdated';

export function fallbackProductUser(identity: IdentityUser): ProductUser {
  return {
    uid: identity.uid,
    email: identity.email ?? '',
    name: identity.displayName,
    phone: identity.phoneNumber,
    profilePictureUrl: identity.photoURL,
    emailVerified: identity.emailVerified,
    dateOfBirth: null,
    role: 'authenticated',
    isAdmin: false,
  };
}

// Each sync or refetch takes a ticket; an answer that arrives after a newer request started is dropped.
let ticket = 0;

function settle(mine: number, user: ProductUser | null, state: ProductUserState) {
  if (mine !== ticket) return;
  $productUser.set(user);
  $productUserState.set(state);
}

/** Tells the server who signed in and keeps what it answers; signed out → null. */
export async function syncProductUser(identity: IdentityUser | null): Promise<void> {
  const mine = ++ticket;
  if (!identity) return settle(mine, null, 'idle');
  $productUserState.set('syncing');
  // An invitation link's code kept in this browser goes with the sync; the server decides whether it counts.
  const referralCode = keptReferralCode();
  try {
    const user = await syncMe(
      { uid: identity.uid, email: identity.email, name: identity.displayName, phone: identity.phoneNumber, ...(referralCode ? { referralCode } : {}) },
      identity.emailVerified,
    );
    forgetReferralCode();
    settle(mine, user, 'synced');
  } catch (error) {
    console.warn('Could not sync the signed-in user; using the identity fields', error);
    settle(mine, fallbackProductUser(identity), 'fallback');
  }
}

/** Reads GET /api/users/me again; on failure keeps the identity fields (or null when signed out). */
export async function refetchProductUser(): Promise<void> {
  const mine = ++ticket;
  const identity = $identity.get();
  if (!identity) return settle(mine, null, 'idle');
  try {
    settle(mine, await fetchMe(), 'synced');
  } catch (error) {
    console.warn('Could not refetch the signed-in user', error);
    const current = $productUser.get();
    settle(mine, current?.uid === identity.uid ? current : fallbackProductUser(identity), 'fallback');
  }
}

/** Replaces the product user with what the server just answered (e.g. after a profile save). */
export function replaceProductUser(user: ProductUser): void {
  ticket++;
  $productUser.set(user);
  $productUserState.set('synced');
}

const isProductUser = (value: unknown): value is ProductUser => !!value && typeof value === 'object' && typeof (value as ProductUser).uid === 'string';

function onProfileUpdated(event: Event) {
  const detail = (event as CustomEvent<unknown>).detail;
  if (isProductUser(detail)) replaceProductUser(detail);
  else void refetchProductUser();
}

/** Announces a changed product user to every island on the page. */
export function announceProfileUpdate(user?: ProductUser): void {
  window.dispatchEvent(new CustomEvent(PROFILE_UPDATED_EVENT, { detail: user }));
}

onMount($productUser, () => {
  // nanostores also mounts a store briefly when it is read during server rendering: nothing to follow there.
  if (typeof window === 'undefined') return;
  const unsubscribe = $identity.subscribe((identity) => void syncProductUser(identity));
  const target = window;
  target.addEventListener(PROFILE_UPDATED_EVENT, onProfileUpdated);
  // nanostores unmounts a second after the last listener leaves: by then a test's page may be gone, so the
  // listener is removed from the window it was added to, not from whatever `window` means then.
  return () => {
    unsubscribe();
    target.removeEventListener(PROFILE_UPDATED_EVENT, onProfileUpdated);
  };
});
