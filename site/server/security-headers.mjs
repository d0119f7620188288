// Security headers of every answer the site server sends itself (pages, assets, the not-found page), computed once per
// build: the page policy allows scripts and stylesheets only from this origin plus the exact inline <script> and
// <style> blocks the build contains, hashed here from the built HTML (Astro inlines its island loader, small scripts,
// `define:vars` scripts and small stylesheets).
import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** Inline scripts (`src` scripts are covered by 'self'; data blocks such as ld+json never run) and <style> blocks. */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const INLINE_STYLE = /<style\b[^>]*>([\s\S]*?)<\/style>/gi;
const DATA_BLOCK = /\btype\s*=\s*["']?application\/(ld\+)?json/i;

const hashSource = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The CSP hash sources of the inline scripts and styles of one HTML document. */
export function inlineHashes(html) {
  const scripts = new Set();
  const styles = new Set();
  for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
    if (!/\bsrc\s*=/i.test(attributes) && !DATA_BLOCK.test(attributes) && body !== '') scripts.add(hashSource(body));
  }
  for (const [, body] of html.matchAll(INLINE_STYLE)) if (body !== '') styles.add(hashSource(body));
  return { scripts, styles };
}

async function htmlFiles(dir) {
  const files = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await htmlFiles(path)));
    else if (entry.isFile() && entry.name.endsWith('.html')) files.push(path);
  }
  return files;
}

/** Every inline script and style hash of a build folder, sorted (one policy for the whole build). */
export async function buildInlineHashes(dir) {
  const scripts = new Set();
  const styles = new Set();
  const files = await htmlFiles(dir);
  const PARALLEL = 8;
  let next = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < files.length) {
        const found = inlineHashes(await readFile(files[next++], 'utf8'));
        for (const hash of found.scripts) scripts.add(hash);
        for (const hash of found.styles) styles.add(hash);
      }
    }),
  );
  return { scriptHashes: [...scripts].sort(), styleHashes: [...styles].sort() };
}

const originOf = (url) => {
  try {
    return url ? new URL(url).origin : null;
  } catch {
    return null;
  }
};

/**
 * The Content-Security-Policy of the site's pages.
 * Firebase Auth in production: its REST endpoints (identitytoolkit, securetoken), Google's gapi loader for the
 * sign-in popup (apis.google.com), and the hidden iframe it opens on the project's auth domain
 * (https://<PUBLIC_FIREBASE_AUTH_DOMAIN>, e.g. writory.firebaseapp.com). Locally: the Auth emulator's origin
 * (PUBLIC_FIREBASE_AUTH_EMULATOR_URL) for both. Google account photos come from *.googleusercontent.com.
 * Styles: <style> blocks only by hash (no injected stylesheet can read the page through selectors); `style`
 * attributes stay allowed (style-src-attr), since scripts of others (Google's sign-in loader) may write them and a
 * single declaration cannot select or load anything. The pages' own HTML has none; React sets styles through CSSOM.
 *
 * @param {{ scriptHashes?: string[], styleHashes?: string[], env?: Record<string, string | undefined> }} [options]
 */
export function contentSecurityPolicy({ scriptHashes = [], styleHashes = [], env = process.env } = {}) {
  const emulator = originOf(env.PUBLIC_FIREBASE_AUTH_EMULATOR_URL);
  const authDomain = env.PUBLIC_FIREBASE_AUTH_DOMAIN && env.PUBLIC_FIREBASE_AUTH_DOMAIN !== 'localhost' ? `https://${env.PUBLIC_FIREBASE_AUTH_DOMAIN}` : null;
  const directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes, 'https://apis.google.com'],
    'style-src': ["'self'", ...styleHashes],
    'style-src-elem': ["'self'", ...styleHashes],
    'style-src-attr': ["'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https://*.googleusercontent.com'],
    'media-src': ["'self'"],
    'font-src': ["'self'"],
    'connect-src': ["'self'", 'https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com', emulator],
    'frame-src': [authDomain, emulator],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => {
      const list = sources.filter(Boolean);
      return `${name} ${list.length ? [...new Set(list)].join(' ') : "'none'"}`;
    })
    .join('; ');
}

/** Powerful features no page of the site uses. */
export const PERMISSIONS_POLICY = 'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()';

/** The headers of every answer; HSTS is left to the TLS terminator in front (deploy/nginx.conf). */
export function securityHeaders(options) {
  return {
    'Content-Security-Policy': contentSecurityPolicy(options),
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
  };
}
