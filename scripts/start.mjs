// `npm start`: the whole stack on loopback with demo data; Ctrl-C stops everything.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { startStack, log } from './lib/stack.mjs';
import { root } from './toolchain.mjs';
import { DEMO_ACCOUNTS, PANEL_ADMIN, PANEL_OWNER } from './lib/demo-accounts.mjs';

// poppler's pdftotext reads poem PDFs: installed here as root when missing (else the cms says what to install).
try {
  execFileSync('bash', [join(root, 'scripts/system-deps.sh'), 'stack'], { stdio: 'inherit' });
} catch {
  process.exit(1);
}
const stack = await startStack({ profile: 'dev', demoData: true }).catch((error) => {
  log(`could not start: ${error.message}`);
  process.exit(1);
});

const lines = [
  '',
  'Writory is running:',
  `  site              ${stack.urls.site}`,
  `  cms API           ${stack.urls.cms}/api/health`,
  `  cms admin panel   ${stack.urls.cmsAdmin}   editor ${PANEL_ADMIN.email} / ${PANEL_ADMIN.password}, owner ${PANEL_OWNER.email} / ${PANEL_OWNER.password}`,
  `  mail inbox        ${stack.urls.mail}`,
  `  auth emulator     ${stack.urls.authEmulator}`,
  '',
  'Demo accounts (sign in on /auth):',
  ...DEMO_ACCOUNTS.map((a) => `  ${a.role.padEnd(10)} ${a.email.padEnd(26)} ${a.password}`),
  '',
  'Press Ctrl-C to stop.',
];
console.log(lines.join('\n'));

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    log('stopping…');
    await stack.stop();
    log('stopped');
    process.exit(0);
  });
}
