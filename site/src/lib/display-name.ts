// The name the site shows for a signed-in person (spec section 3): the product user's name, then the
// identity provider's display name, then the part of the email before the @, then "User".

interface NamedUser {
  name?: string | null;
  email?: string | null;
}
interface NamedIdentity {
  displayName?: string | null;
  email?: string | null;
}

export const FALLBACK_DISPLAY_NAME = 'User';

export function displayNameOf(user?: NamedUser | null, identity?: NamedIdentity | null): string {
  const email = user?.email || identity?.email || '';
  const candidates = [user?.name, identity?.displayName, email.includes('@') ? email.slice(0, email.indexOf('@')) : email];
  for (const candidate of candidates) {
    const trimmed = candidate?.trim();
    if (trimmed) return trimmed;
  }
  return FALLBACK_DISPLAY_NAME;
}

/** One or two letters for an avatar: first letters of the first and last words. */
export function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/[\s._-]+/u)
    .filter(Boolean);
  if (words.length === 0) return '?';
  const first = [...words[0]][0] ?? '';
  const last = words.length > 1 ? ([...words[words.length - 1]][0] ?? '') : '';
  return (first + last).toLocaleUpperCase();
}
