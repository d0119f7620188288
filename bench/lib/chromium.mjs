// Debian's Chromium with the flags the e2e suite uses (read from e2e/playwright.config.ts, so both agree).
import { existsSync, readFileSync } from 'node:fs';

export const CHROMIUM = '/usr/bin/chromium';

export function chromiumFlags() {
  const config = readFileSync(new URL('../../e2e/playwright.config.ts', import.meta.url), 'utf8');
  const args = /args:\s*\[([^\]]*)\]/.exec(config)?.[1] ?? '';
  return [...args.matchAll(/'([^']+)'/g)].map((m) => m[1]);
}

export function chromiumPath() {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (scripts/system-deps.sh does it)`);
  return CHROMIUM;
}
