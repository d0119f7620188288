import { readFileSync } from 'node:fs';
import path from 'node:path';

const demo = JSON.parse(readFileSync(path.resolve(__dirname, '../packages/shared/demo-accounts.json'), 'utf8'));

export const FIREBASE_PROJECT_ID: string = demo.firebaseProjectId;
// The Strapi panel's editor (Editor role: site content and the wall) and its owner (Super Admin: everything).
export const PANEL_ADMIN: { email: string; password: string } = demo.panelAdmin;
export const PANEL_OWNER: { email: string; password: string } = demo.panelOwner;
export const accountOf = (role: string): { uid: string; email: string; password: string; name: string } =>
  demo.accounts.find((a: { role: string }) => a.role === role);
export const CMS_URL = process.env.E2E_CMS_URL ?? 'http://localhost:1337';
export const MAIL_URL = process.env.E2E_MAIL_URL ?? 'http://localhost:1080';
export const AUTH_EMULATOR_URL = process.env.E2E_AUTH_EMULATOR_URL ?? 'http://127.0.0.1:9099';
