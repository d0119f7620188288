import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../toolchain.mjs';

const demo = JSON.parse(readFileSync(join(root, 'packages/shared/demo-accounts.json'), 'utf8'));

export const FIREBASE_PROJECT_ID = demo.firebaseProjectId;
export const DEMO_ACCOUNTS = demo.accounts;
// The Strapi panel: an editor (Editor role) and the owner (Super Admin).
export const PANEL_ADMIN = demo.panelAdmin;
export const PANEL_OWNER = demo.panelOwner;
