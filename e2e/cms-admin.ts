// Talks to the Strapi admin API the way the admin panel does, to publish content in e2e tests.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { CMS_URL, PANEL_ADMIN } from './demo';

type PanelAccount = { email: string; password: string };

// The panel allows 5 sign-ins per address and email in 5 minutes, and two workers run specs at once: each worker signs
// in to the panel's API once per account and keeps the token (a failed sign-in is not kept).
const tokens = new Map<string, Promise<string>>();

/** A panel API token: the editor's by default; PANEL_OWNER's for accounts, notifications and other non-editorial data. */
export function adminToken(request: APIRequestContext, account: PanelAccount = PANEL_ADMIN): Promise<string> {
  let token = tokens.get(account.email);
  if (!token) {
    token = signInToPanelApi(request, account);
    tokens.set(account.email, token);
    token.catch(() => tokens.delete(account.email));
  }
  return token;
}

async function signInToPanelApi(request: APIRequestContext, account: PanelAccount): Promise<string> {
  const res = await request.post(`${CMS_URL}/admin/login`, { data: { email: account.email, password: account.password } });
  if (!res.ok()) throw new Error(`admin login failed: ${res.status()} ${await res.text()}`);
  return (await res.json()).data.token;
}

export async function adminApi(request: APIRequestContext, token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, data?: unknown) {
  const res = await request.fetch(`${CMS_URL}${path}`, { method, data, headers: { authorization: `Bearer ${token}` } });
  if (!res.ok()) throw new Error(`${method} ${path} failed: ${res.status()} ${await res.text()}`);
  return res.json();
}

/** Signs in to the Strapi admin panel (as the editor unless told), and waits until the panel has opened. */
export async function signInToPanel(page: Page, account: PanelAccount = PANEL_ADMIN) {
  await page.goto(`${CMS_URL}/admin`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('link', { name: 'Content Manager' }).first()).toBeVisible({ timeout: 20_000 });
}
