// @vitest-environment node
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildInlineHashes, contentSecurityPolicy, inlineHashes, securityHeaders } from '../server/security-headers.mjs';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const directive = (policy: string, name: string) => new RegExp(`(?:^|; )${name} ([^;]*)`).exec(policy)?.[1];

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('inline hashes of the built HTML', () => {
  it('hashes inline scripts and <style> blocks exactly, never src scripts or data blocks', () => {
    const island = '(()=>{var a=1;})();';
    const moduleScript = '\n  import "/x.js";\n';
    const style = 'astro-island{display:contents}';
    const html = `<html><head><style>${style}</style><script type="application/ld+json">{"a":1}</script>
      <script type="module" src="/_astro/a.js"></script></head><body><script>${island}</script><script type="module">${moduleScript}</script>
      <script></script></body></html>`;
    const found = inlineHashes(html);
    expect([...found.scripts].sort()).toEqual([sha256(island), sha256(moduleScript)].sort());
    expect([...found.styles]).toEqual([sha256(style)]);
  });

  it('collects the distinct hashes of every page of a build, in folders too', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'writory-csp-'));
    dirs.push(dir);
    mkdirSync(join(dir, 'auth'));
    writeFileSync(join(dir, 'index.html'), '<script>one()</script><script>two()</script>');
    writeFileSync(join(dir, 'auth/index.html'), '<script>two()</script><style>a{}</style>');
    writeFileSync(join(dir, 'notes.txt'), '<script>not a page()</script>');
    expect(await buildInlineHashes(dir)).toEqual({ scriptHashes: [sha256('one()'), sha256('two()')].sort(), styleHashes: [sha256('a{}')] });
  });
});

describe('the page policy', () => {
  const production = { PUBLIC_FIREBASE_AUTH_DOMAIN: 'writory.firebaseapp.com' };

  it("allows scripts from this origin, the build's hashes and Google's sign-in loader, never unsafe-inline or eval", () => {
    const policy = contentSecurityPolicy({ scriptHashes: ["'sha256-abc='"], styleHashes: ["'sha256-def='"], env: production });
    expect(directive(policy, 'script-src')).toBe("'self' 'sha256-abc=' https://apis.google.com");
    expect(directive(policy, 'style-src-elem')).toBe("'self' 'sha256-def='");
    expect(policy).not.toMatch(/unsafe-eval/);
    expect(policy.match(/'unsafe-inline'/g)).toHaveLength(1); // style attributes only
    expect(directive(policy, 'style-src-attr')).toBe("'unsafe-inline'");
    for (const [name, value] of [
      ['default-src', "'self'"],
      ['object-src', "'none'"],
      ['base-uri', "'self'"],
      ['form-action', "'self'"],
      ['frame-ancestors', "'none'"],
    ]) {
      expect(directive(policy, name), name).toBe(value);
    }
  });

  it("lets production Firebase Auth work: its APIs, and its hidden iframe on the project's auth domain", () => {
    const policy = contentSecurityPolicy({ env: production });
    expect(directive(policy, 'connect-src')).toBe("'self' https://identitytoolkit.googleapis.com https://securetoken.googleapis.com");
    expect(directive(policy, 'frame-src')).toBe('https://writory.firebaseapp.com');
  });

  it('lets the Auth emulator work locally, and frames nothing when there is no auth domain', () => {
    const local = contentSecurityPolicy({ env: { PUBLIC_FIREBASE_AUTH_DOMAIN: 'localhost', PUBLIC_FIREBASE_AUTH_EMULATOR_URL: 'http://127.0.0.1:9299' } });
    expect(directive(local, 'connect-src')).toContain('http://127.0.0.1:9299');
    expect(directive(local, 'frame-src')).toBe('http://127.0.0.1:9299');
    expect(directive(contentSecurityPolicy({ env: {} }), 'frame-src')).toBe("'none'");
  });

  it('comes with frame denial, nosniff, a referrer policy and a restrictive Permissions-Policy, and no HSTS', () => {
    const headers = securityHeaders({ env: production });
    expect(headers).toMatchObject({
      'X-Frame-Options': 'DENY',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Permissions-Policy': expect.stringContaining('camera=()'),
    });
    expect(headers).not.toHaveProperty('Strict-Transport-Security');
  });
});
