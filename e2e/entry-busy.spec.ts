// Contest day: while the cms's poem-checking queue is full (filled for real with long poems over the API), the
// /submit form says the server is busy, waits the server's Retry-After and tries again by itself, for the text
// check and for the entry, which keeps its Idempotency-Key: the poet ends with one entry, never two.
import type { APIRequestContext, Page } from '@playwright/test';
import { makeDocx, makePdf } from '../cms/tests/helpers/poem-files';
import { accountOf } from './demo';
import { bearer, DOCX, fillEntryForm, newPoet, type Poet } from './entrants';
import { tokenFor } from './outside-services';
import { expect, test, expectNoAxeViolations, withSavedConsent } from './fixtures';
import { signIn } from './session';

interface Extraction {
  workers: number;
  queueLimit: number;
  active: number;
  queued: number;
}

const extraction = async (request: APIRequestContext, adminToken: string): Promise<Extraction> =>
  (await (await request.get('/api/admin/health', { headers: bearer(adminToken) })).json()).extraction;

/** Long poems previewed at once by other poets; returns once every worker and waiting place is taken, with their answers to come. */
async function fillQueue(request: APIRequestContext, adminToken: string, holders: Poet[], poem: { name: string; mimeType: string; buffer: Buffer }) {
  const { workers, queueLimit } = await extraction(request, adminToken);
  const previews = Array.from({ length: workers + queueLimit }, (_, i) =>
    request.post('/api/entries/preview', {
      headers: bearer(holders[i % holders.length].token),
      multipart: { poem, fullName: 'Kofi Mensah' },
      timeout: 170_000,
    }),
  );
  await expect.poll(async () => extraction(request, adminToken), { timeout: 30_000, intervals: [50] }).toMatchObject({ active: workers, queued: queueLimit });
  return { answers: Promise.all(previews) };
}

/**
 * Holds the page's first POST to `path` on its way out, so the queue can be filled while it waits: a poem check
 * takes a second or two, and one that ends between filling the queue and the page's request would let the request
 * in. `release()` sends it on, to the real cms, once the queue is full.
 */
async function holdFirstPost(page: Page, path: string) {
  let held = false;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${path}`, async (route) => {
    if (route.request().method() === 'POST' && !held) {
      held = true;
      await released;
    }
    await route.continue();
  });
  return { isHeld: () => held, release };
}

test('when poems queue up, the form waits, tries again by itself and enters the poem once @alone', async ({ page, request, consoleErrors }) => {
  test.setTimeout(240_000);
  for (const path of ['/api/entries/preview', '/api/entries'])
    consoleErrors.expectFailedRequest(503, path, 'the test fills the check queue, so the server answers “busy” until it drains');
  await withSavedConsent(page);
  const admin = accountOf('admin');
  const adminToken = await tokenFor(request, admin.email, admin.password);
  const { workers, queueLimit } = await extraction(request, adminToken);
  expect(workers, 'this spec needs the worker pool (EXTRACTION_WORKERS > 0)').toBeGreaterThan(0);
  // Each fill has holders of its own, each previewing at most 20 poems (the preview limit is 60 in 10 minutes): a
  // holder's checks also count against its 120 s of check time in 10 minutes, which ten long poems can use up when the
  // machine is busy, and the second fill's checks would then be refused (429) instead of waiting in the queue.
  const newHolders = (fill: string) =>
    Promise.all(Array.from({ length: Math.ceil((workers + queueLimit) / 20) }, (_, i) => newPoet(request, `holder-${fill}-${i}`, { name: 'Kofi Mensah' })));
  const [checkHolders, entryHolders] = await Promise.all([newHolders('check'), newHolders('entry')]);
  const lines = Array.from({ length: 3500 }, (_, i) => `Line ${i + 1}: the lantern counts the river's stones`);
  const longPoem = { name: 'long.pdf', mimeType: 'application/pdf', buffer: await makePdf(['The Long Night', '', ...lines].join('\n')) };
  const poet = await newPoet(request, 'busy', { name: 'Ilse Brandt' });
  await signIn(page, poet.email, poet.password, '/submit');
  const retrying = page.getByTestId('entry-retrying');
  await expect(retrying).toHaveAttribute('role', 'status');
  await expect(retrying).toHaveText('');

  // The text check while the queue is full: told, then checked once the queue has room.
  const poem = { name: 'harbour.docx', mimeType: DOCX, buffer: await makeDocx('Harbour Lights\n\nThe boats come home\nwith the evening tide') };
  const check = await holdFirstPost(page, '/api/entries/preview');
  await fillEntryForm(page, poem, 'Harbour Lights');
  await expect.poll(check.isHeld).toBe(true);
  let hold = await fillQueue(request, adminToken, checkHolders, longPoem);
  check.release();
  await expect(retrying).toContainText(/Many poems are being checked right now\. We’ll check yours again in \d+ seconds? \(try 2\): keep this page open\./);
  await expectNoAxeViolations(page);
  for (const res of await hold.answers) expect(res.status()).toBe(200);
  await expect(page.getByTestId('preview-text')).toContainText('The boats come home', { timeout: 60_000 });
  await expect(retrying).toHaveText('');

  // The entry while the queue is full: sent again with the same Idempotency-Key, entered once.
  const keys: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && new URL(sent.url()).pathname === '/api/entries') keys.push(sent.headers()['idempotency-key']);
  });
  for (const box of await page.getByTestId('declarations').getByRole('checkbox').all()) await box.check();
  const entry = await holdFirstPost(page, '/api/entries');
  await page.getByRole('button', { name: 'Submit my poem' }).click();
  await expect.poll(entry.isHeld).toBe(true);
  hold = await fillQueue(request, adminToken, entryHolders, longPoem);
  entry.release();
  await expect(retrying).toContainText(/We’ll send your entry again in \d+ seconds? \(try 2\): keep this page open\. It will be entered only once\./);
  for (const res of await hold.answers) expect(res.status()).toBe(200);
  await expect(page.getByTestId('entry-code')).toHaveText(/^W\d{4}-[A-Z0-9]{5}$/, { timeout: 60_000 });
  expect(keys.length).toBeGreaterThanOrEqual(2);
  expect(new Set(keys).size).toBe(1);
  const mine = await (await request.get('/api/entries/mine', { headers: bearer(poet.token) })).json();
  expect(mine.map((entry: { title: string }) => entry.title)).toEqual(['Harbour Lights']);
});
