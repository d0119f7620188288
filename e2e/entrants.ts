// Poets entering the contest in e2e tests (entries and paid entry): accounts with a verified email, a name and a
// date of birth, entries made over the API as the page makes them, and the steps of the /submit form.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { makeDocx } from '../cms/tests/helpers/poem-files';
import { FIREBASE_PROJECT_ID } from './demo';
import { identityCall, tokenFor } from './outside-services';

export const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const unique = (label: string) => `e2e-${label}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@writory.test`;

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export interface Poet {
  email: string;
  password: string;
  name: string;
  token: string;
}

/** A new poet account, known to the cms, with a name, phone and date of birth (verified unless told). */
export async function newPoet(
  request: APIRequestContext,
  label: string,
  { verified = true, name = 'Tomas Berg', dateOfBirth = '1994-03-08' } = {},
): Promise<Poet> {
  const email = unique(label);
  const password = 'Entries-pass-42';
  const { localId } = await identityCall<{ localId: string }>(request, '/accounts:signUp?key=demo-api-key', { email, password, returnSecureToken: true });
  if (verified) await identityCall(request, `/projects/${FIREBASE_PROJECT_ID}/accounts:update`, { localId, emailVerified: true }, { admin: true });
  const token = await tokenFor(request, email, password);
  expect((await request.post('/api/users', { headers: bearer(token), data: { uid: localId, email, name } })).ok()).toBe(true);
  const profile = await request.put('/api/users/me', { headers: bearer(token), data: { name, phone: '+46 70 123 45 67', dateOfBirth } });
  expect(profile.ok(), await profile.text()).toBe(true);
  return { email, password, name, token };
}

/** An entry made over the API, as the page makes it: preview, then the entry with the confirmed text. */
export async function enterByApi(request: APIRequestContext, poet: Poet, title: string, text: string, competition = 'poetry') {
  const poem = { name: `${title}.docx`, mimeType: DOCX, buffer: await makeDocx(text, { author: poet.name }) };
  const preview = await request.post('/api/entries/preview', {
    headers: bearer(poet.token),
    multipart: { poem, fullName: poet.name, phone: '+46 70 123 45 67', competition },
  });
  expect(preview.ok(), await preview.text()).toBe(true);
  const res = await request.post('/api/entries', {
    headers: { ...bearer(poet.token), 'Idempotency-Key': `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 9)}` },
    multipart: {
      poem,
      title,
      language: 'English',
      fullName: poet.name,
      phone: '+46 70 123 45 67',
      country: 'SE',
      declarations: 'original,individual,appropriate,final',
      confirmedTextSha256: (await preview.json()).textSha256,
      competition,
    },
  });
  return res;
}

/** Fills step 1 of /submit and asks for the text check. */
export async function fillEntryForm(page: Page, poem: { name: string; mimeType: string; buffer: Buffer }, title: string, language = 'English') {
  await page.getByLabel('Poem file').setInputFiles(poem);
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Language of the poem').fill(language);
  await page.getByLabel('Country', { exact: true }).selectOption({ label: 'India' });
  await page.getByRole('button', { name: 'Check the text' }).click();
}

/** Step 2 of /submit: ticks the declarations and submits; `kind` is what the competition takes (the page says it). */
export async function confirmEntry(page: Page, kind: 'poem' | 'story' = 'poem'): Promise<string> {
  for (const box of await page.getByTestId('declarations').getByRole('checkbox').all()) await box.check();
  await page.getByRole('button', { name: `Submit my ${kind}` }).click();
  const code = page.getByTestId('entry-code');
  await expect(code).toHaveText(/^W\d{4}-[A-Z0-9]{5}$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: `Your ${kind} is entered` })).toBeFocused();
  return (await code.textContent())!;
}
