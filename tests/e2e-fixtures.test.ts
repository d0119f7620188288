// Every e2e spec runs on the shared `test` of e2e/fixtures.ts, which fails a test on any console error or uncaught
// page error. A spec that imported Playwright's own `test` would silently skip that guard.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const e2eDir = join(import.meta.dirname, '..', 'e2e');
const specs = readdirSync(e2eDir).filter((name) => name.endsWith('.spec.ts'));

describe('e2e specs', () => {
  it('exist', () => expect(specs.length).toBeGreaterThan(5));
  it.each(specs)('%s takes test and expect from ./fixtures, not from @playwright/test', (name) => {
    const source = readFileSync(join(e2eDir, name), 'utf8');
    const fromPlaywright = source.match(/import\s*\{([^}]*)\}\s*from\s*'@playwright\/test'/)?.[1] ?? '';
    expect(
      fromPlaywright
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part && !part.startsWith('type ')),
    ).toEqual([]);
    expect(source).toMatch(/import\s*\{[^}]*\btest\b[^}]*\}\s*from\s*'\.\/fixtures'/);
  });
});
