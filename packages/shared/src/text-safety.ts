// Text that must not pose as other text, and links that must not lead elsewhere than they say.

/**
 * Bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069): they reorder the
 * characters after them, so "poem\u202Efdp.exe" shows as "poemexe.pdf". Titles, names and file names lose them;
 * right-to-left text needs none of them (the marks U+200E, U+200F and U+061C stay: they only nudge neutral
 * characters such as punctuation and cannot reverse a run of letters). Poem bodies keep their text untouched.
 */
export const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

export function withoutBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}

// Control characters, any Unicode space, and the bidi controls: browsers drop tabs and line breaks inside a URL,
// so "/\t/evil.example" would become "//evil.example".
const UNSAFE_IN_URL = /[\u0000-\u0020\u007F-\u00A0\u1680\u2000-\u200F\u2028-\u202F\u205F-\u206F\u3000\uFEFF]/;
const WEB_URL = /^https?:\/\/[^/\\?#@]/i;

/**
 * A link's target if it stays what it looks like: https://, http:// (with a host), mailto:, an in-page `#anchor`,
 * or a same-site path (one `/` then anything but `/` or `\`, which browsers read as another host). Anything else,
 * backslashes, control characters, spaces and user names before a host included, gives null.
 */
export function safeLinkUrl(raw: string): string | null {
  const url = raw.trim();
  if (!url || UNSAFE_IN_URL.test(url) || url.includes('\\')) return null;
  if (url.startsWith('#')) return url;
  if (url.startsWith('/')) return url === '/' || !url.startsWith('//') ? url : null;
  if (/^mailto:[^/]/i.test(url)) return url;
  if (!WEB_URL.test(url)) return null;
  try {
    const parsed = new URL(url);
    // "https://writory.example@evil.example" names one host and opens another.
    if (parsed.username || parsed.password) return null;
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** Where vulnerabilities are reported: security@ the domain of the site's contact address (site settings). */
export function securityContactOf(contactEmail: string): string {
  const domain = contactEmail.split('@').pop()?.trim().toLowerCase();
  return domain ? `security@${domain}` : contactEmail;
}
