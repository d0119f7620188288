// Shared e2e helpers for signed-in flows: open a page once its islands are live, sign in through /auth.
import { expect, type BrowserContext, type Page } from '@playwright/test';

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

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
/** An origin of a state taken with `{ indexedDB: true }` (Playwright's types leave its databases out). */
type OriginWithDatabases = StorageState['origins'][number] & { indexedDB?: { name: string }[] };

/** This worker's saved sign-ins, by email: what the site's Firebase keeps in the browser once signed in. */
const savedSessions = new Map<string, StorageState>();

/**
 * Signs in a demo account whose sign-in is not what the test is about (the admin, a judge, the moderator): the first
 * time in a worker on /auth, as `signIn` does, keeping the session Firebase stores in the browser (its IndexedDB and
 * the site's signed-in hint, nothing else of that test's page); later tests of the worker start from that session
 * and open `next` signed in. The page's context must not hold a sign-in of its own yet (its storage is replaced).
 */
export async function signInAs(page: Page, email: string, password: string, next = '/') {
  const saved = savedSessions.get(email);
  if (!saved) {
    await signIn(page, email, password, next);
    const state = await page.context().storageState({ indexedDB: true });
    savedSessions.set(email, {
      cookies: [],
      origins: (state.origins as OriginWithDatabases[]).map(
        (origin): OriginWithDatabases => ({
          origin: origin.origin,
          localStorage: origin.localStorage.filter((item) => item.name === 'writory-signed-in'),
          indexedDB: origin.indexedDB?.filter((db) => db.name === 'firebaseLocalStorageDb'),
        }),
      ),
    });
    return;
  }
  await page.context().setStorageState(saved);
  await open(page, next);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible({ timeout: 15_000 });
}
