import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../toolchain.mjs';

const demo = JSON.parse(readFileSync(join(root, 'packages/shared/demo-accounts.json'), 'utf8'));

export const FIREBASE_PROJECT_ID = demo.firebaseProjectId;
export const DEMO_ACCOUNTS = demo.accounts;
export const PANEL_ADMIN = demo.panelAdmin;
