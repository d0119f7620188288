// Shared e2e helpers for signed-in flows: open a page once its islands are live, sign in through /auth.
import { expect, type Page } from '@playwright/test';

/**
 * The islands on the page that should hydrate by themselves and have not yet (Astro drops `ssr` once one has
 * hydrated). `client:on` islands (the toaster) wait for their event; the `client:signed-in` header account only
 * hydrates when someone is signed in.
 */
const pendingIslands = () =>
  [...document.querySelectorAll('astro-island')]
    .filter((island) => {
      if (!island.hasAttribute('ssr')) return false;
      const client = island.getAttribute('client');
      if (client === 'on') return false;
      if (client === 'signed-in') return localStorage.getItem('writory-signed-in') === '1';
      return true;
    })
    .map((island) => `${island.getAttribute('component-export') ?? 'default'} of ${island.getAttribute('component-url')} (client:${island.getAttribute('client')})`);

/** Waits until every island on the page is interactive; if one is not within 25 s, names it and the page. */
export async function hydrated(page: Page) {
  await expect.poll(() => page.evaluate(pendingIslands), { message: `islands not hydrated on ${page.url()}`, timeout: 25_000, intervals: [50, 100, 250] }).toEqual([]);
}

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
