// Shared e2e helpers for signed-in flows: open a page once its islands are live, sign in through /auth.
import { expect, type Page } from '@playwright/test';

/**
 * Waits until every island on the page that hydrates by itself is interactive (Astro drops `ssr` once one has
 * hydrated). `client:on` islands (the toaster) wait for their event; the `client:signed-in` header account only
 * hydrates when someone is signed in.
 */
export const hydrated = (page: Page) =>
  page.waitForFunction(() =>
    [...document.querySelectorAll('astro-island')].every((island) => {
      if (!island.hasAttribute('ssr')) return true;
      const client = island.getAttribute('client');
      if (client === 'on') return true;
      if (client === 'signed-in') return localStorage.getItem('writory-signed-in') !== '1';
      return false;
    }),
  );

export async function open(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
}

/** Signs in with email and password on /auth; `next` is where the page should land afterwards. */
export async function signIn(page: Page, email: string, password: string, next = '/') {
  await open(page, next === '/' ? '/auth' : `/auth?${new URLSearchParams({ next })}`);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const landing = new RegExp(`${next.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/?$`);
  await expect(page).toHaveURL(next === '/' ? /\/$/ : landing, { timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible({ timeout: 15_000 });
}
