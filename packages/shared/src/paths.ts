// The one rule for an address we send a person to after something they did (the `next` of /auth, a notification's
// link, a checkout's return): a path on this site, resolved as the browser will resolve it.

/** Control characters and any white space: browsers strip tabs and newlines from a URL, so "/\t/host" becomes "//host". */
const UNSAFE = /[\p{Cc}\p{Cf}\s]/u;
/** Any origin will do for a check without a page (the cms's schemas): only "same as it" matters. */
const PLACEHOLDER_ORIGIN = 'https://writory.invalid';

/**
 * `raw` as a path on `origin` ("/profile?tab=1#x"), or null when it is not one: it must start with "/", hold no
 * control character or white space, and resolve (`new URL(raw, origin)`) to the same origin, to a path that does
 * not itself start with "//" (which a browser would read as another host).
 */
export function sameOriginPath(raw: string | null | undefined, origin: string = PLACEHOLDER_ORIGIN): string | null {
  if (typeof raw !== 'string' || !raw.startsWith('/') || UNSAFE.test(raw)) return null;
  let url: URL;
  let base: URL;
  try {
    base = new URL(origin);
    url = new URL(raw, base);
  } catch {
    return null;
  }
  if (url.origin !== base.origin) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.startsWith('//') || path.startsWith('/\\') ? null : path;
}
