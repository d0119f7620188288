// Comments and critique on wall poems end to end (issue 40), against the real cms, Auth emulator and site: poet A's
// approved poem, poet B's critique (a first comment, held until a moderator approves it), A told live through the
// bell and replying, a reader reporting B's critique and a moderator hiding it; axe on the poem page with comments.
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { accountOf } from './demo';
import { bearer, newPoet, type Poet } from './entrants';
import { tokenFor } from './outside-services';
import { expect, expectNoAxeViolations, test, withSavedConsent } from './fixtures';
import { hydrated, open, signIn } from './session';

const moderator = accountOf('moderator');

async function call<T>(request: APIRequestContext, token: string, path: string, data: unknown, status = 201): Promise<T> {
  const res = await request.post(path, { headers: bearer(token), data });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(status);
  return res.json();
}

/** A poem shared over the API and approved by the moderator. */
async function approvedPoem(request: APIRequestContext, poet: Poet, title: string, text: string): Promise<number> {
  const { id } = await call<{ id: number }>(request, poet.token, '/api/wall/posts', { title, text, language: 'en' });
  await call(
    request,
    await tokenFor(request, moderator.email, moderator.password),
    `/api/admin/wall/posts/${id}/decisions`,
    { action: 'approve', seen: 'pending' },
    200,
  );
  return id;
}

/** A poet who has commented before (a moderator let their first comment through): their comments show at once. */
async function trusted(request: APIRequestContext, poet: Poet, otherPoem: number) {
  const { id } = await call<{ id: number }>(request, poet.token, `/api/wall/posts/${otherPoem}/comments`, { text: 'A first hello.' });
  await call(
    request,
    await tokenFor(request, moderator.email, moderator.password),
    `/api/admin/wall/comments/${id}/decisions`,
    { action: 'approve', seen: 'pending' },
    200,
  );
}

async function signedInPage(browser: Browser, who: { email: string; password: string }, next: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await withSavedConsent(page);
  await signIn(page, who.email, who.password, next);
  await hydrated(page);
  return page;
}

test('B critiques A’s poem, a moderator lets the first comment through, A is told live and replies, a reader reports the critique and a moderator hides it', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const title = `Salt and lantern ${stamp}`;
  const poetA = await newPoet(request, 'comments-a', { name: 'Amal Haddad' });
  const poetB = await newPoet(request, 'comments-b', { name: 'Bina Rao' });
  const reader = await newPoet(request, 'comments-c', { name: 'Chen Wei' });
  const postId = await approvedPoem(request, poetA, title, 'The lantern hums\nlike a kettle of light.');
  await trusted(request, poetA, await approvedPoem(request, reader, `Elsewhere ${stamp}`, 'Another poem.'));
  const path = `/writory-wall/post?id=${postId}`;

  // A waits on the wall, signed in, with the bell emptied of the approvals so far: it is listening.
  await call(request, poetA.token, '/api/notifications/clear-all', undefined, 200);
  const pageA = await signedInPage(browser, poetA, '/writory-wall');

  // B writes a critique; as B's first comment it waits for a moderator, shown to B only.
  const pageB = await signedInPage(browser, poetB, path);
  const comments = pageB.getByTestId('wall-comments');
  await expect(comments.getByText('No comments yet.')).toBeVisible();
  await comments.getByLabel('Critique').check();
  await comments.getByRole('button', { name: 'Post comment' }).click();
  await expect(comments.getByText('is required').first()).toBeVisible();
  await comments.getByLabel('What works').fill('The kettle of light:\nhomely and strange at once.');
  await comments.getByLabel('What could be stronger').fill('The ending arrives too soon.');
  await comments.getByLabel('Anything else (optional)').fill('<b>Thank you</b> for sharing.');
  await comments.getByRole('button', { name: 'Post comment' }).click();
  await expect(comments.getByRole('status').filter({ hasText: 'waits for a moderator' })).toBeVisible();
  const critique = comments.getByTestId('comment').filter({ hasText: 'The ending arrives too soon.' });
  await expect(critique).toContainText('Waiting for a moderator');
  await expect(critique.getByTestId('critique-works')).toHaveText('The kettle of light:\nhomely and strange at once.', { useInnerText: true });
  await expect(critique.getByTestId('comment-text')).toHaveText('<b>Thank you</b> for sharing.');

  // The moderator approves it on /admin-wall-moderation.
  const mod = await signedInPage(browser, moderator, '/admin-wall-moderation');
  const held = mod.getByTestId('comment-moderation-item').filter({ hasText: 'The ending arrives too soon.' });
  await expect(held).toContainText(title);
  await expectNoAxeViolations(mod);
  await held.getByRole('button', { name: /^Approve/ }).click();
  await expect(held).toHaveCount(0);

  // A is told live through the bell, opens the notification and replies.
  await expect(pageA.getByTestId('notification-badge')).toHaveText('1', { timeout: 15_000 });
  await pageA.getByTestId('notification-bell').click();
  const notice = pageA.getByTestId('notification-item').filter({ hasText: 'New critique on your poem' });
  await expect(notice).toContainText(title);
  await notice.locator('[data-notification-open]').click();
  await expect(pageA).toHaveURL(new RegExp(`/writory-wall/post\\?id=${postId}#comment-\\d+$`));
  await hydrated(pageA);
  const onA = pageA.getByTestId('comment').filter({ hasText: 'The ending arrives too soon.' });
  await onA.getByRole('button', { name: /^Reply/ }).click();
  await onA.getByLabel('Your reply').fill('Thank you, Bina:\nI will let it breathe longer.');
  await onA.getByRole('button', { name: 'Post reply' }).click();
  const reply = onA.getByTestId('comment').filter({ hasText: 'I will let it breathe longer.' });
  await expect(reply).toContainText('(You)');

  // Axe on the poem page with comments, at 1280 and at 375 px.
  await pageA.setViewportSize({ width: 1280, height: 900 });
  await expectNoAxeViolations(pageA);
  await pageA.setViewportSize({ width: 375, height: 740 });
  await expectNoAxeViolations(pageA);

  // B sees the reply (and is told of it).
  await open(pageB, path);
  await expect(pageB.getByTestId('comment-text').filter({ hasText: 'I will let it breathe longer.' })).toBeVisible();
  await expect(pageB.getByTestId('notification-badge')).toHaveText(/^[12]$/);

  // Another reader reports B's critique; the moderator hides it with a reason.
  const pageC = await signedInPage(browser, reader, path);
  const onC = pageC.getByTestId('comment').filter({ hasText: 'The ending arrives too soon.' }).first();
  await onC.getByTestId('comment-report-button').first().click();
  const dialog = pageC.getByRole('dialog', { name: 'Report a comment by Bina Rao' });
  await dialog.getByLabel('Something else').check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Tell the moderators what is wrong.');
  await dialog.getByLabel('Anything the moderators should know').fill('This reads like an advert.');
  await expectNoAxeViolations(pageC);
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('status')).toContainText('Thank you');
  await dialog.getByRole('button', { name: 'Close' }).click();

  await open(mod, '/admin-wall-moderation');
  const section = mod.getByTestId('comment-moderation');
  await section.getByRole('button', { name: /^Reported/ }).click();
  const reported = section.getByTestId('comment-moderation-item').filter({ hasText: 'The ending arrives too soon.' });
  await expect(reported).toContainText('This reads like an advert.');
  await reported.getByRole('button', { name: /^Hide/ }).click();
  await reported.getByLabel('Reason the poet will read').fill('Please keep critique about the poem.');
  await reported.getByRole('button', { name: /^Confirm: Hide/ }).click();
  await expect(section.getByRole('status')).toContainText('done');

  // Readers no longer see the critique (nor the reply under it).
  await open(pageC, path);
  await expect(pageC.getByTestId('wall-comments').getByText('No comments yet.')).toBeVisible();
  for (const page of [pageA, pageB, pageC, mod]) await page.context().close();
});

test('the poem’s poet turns comments off: the comments stay, read-only; a blocked poet cannot comment until unblocked on /profile', async ({
  browser,
  request,
}) => {
  const stamp = Date.now();
  const poetA = await newPoet(request, 'comments-off-a', { name: 'Dara Okafor' });
  const poetB = await newPoet(request, 'comments-off-b', { name: 'Emil Strand' });
  const elsewhere = await approvedPoem(request, poetA, `Elsewhere ${stamp}`, 'Another poem.');
  await trusted(request, poetB, elsewhere);
  const postId = await approvedPoem(request, poetA, `Quiet harbour ${stamp}`, 'Boats asleep\nin their own reflections.');
  await call(request, poetB.token, `/api/wall/posts/${postId}/comments`, { text: 'Lovely stillness.' });

  const pageA = await signedInPage(browser, poetA, `/writory-wall/post?id=${postId}`);
  const section = pageA.getByTestId('wall-comments');
  const byB = section.getByTestId('comment').filter({ hasText: 'Lovely stillness.' });
  await expect(byB).toBeVisible();
  await section.getByRole('button', { name: 'Turn comments off' }).click();
  await expect(section.getByTestId('comments-closed')).toBeVisible();
  await expect(byB).toBeVisible();
  await expect(section.getByTestId('comment-form')).toHaveCount(0);
  await section.getByRole('button', { name: 'Turn comments on' }).click();
  await expect(section.getByTestId('comment-form')).toBeVisible();

  // A blocks B from B's comment: B is refused with a clear message and sees why on the page.
  await byB.getByRole('button', { name: 'Block' }).click();
  await byB.getByRole('button', { name: 'Block this poet' }).click();
  await expect(byB.getByRole('status')).toContainText('You blocked Emil Strand.');
  const refused = await request.post(`/api/wall/posts/${postId}/comments`, { headers: bearer(poetB.token), data: { text: 'Again?' } });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error.message).toMatch(/does not take comments from you/);
  const pageB = await signedInPage(browser, poetB, `/writory-wall/post?id=${postId}`);
  await expect(pageB.getByTestId('wall-comments').getByText('The poet of this poem does not take comments from you.')).toBeVisible();
  await expect(pageB.getByTestId('comment-form')).toHaveCount(0);

  // A lifts the block on /profile; B may comment again.
  await open(pageA, '/profile');
  const blocked = pageA.getByTestId('blocked-poets');
  await expect(blocked.getByRole('listitem').filter({ hasText: 'Emil Strand' })).toBeVisible();
  await expectNoAxeViolations(pageA);
  await blocked.getByRole('button', { name: 'Unblock Emil Strand' }).click();
  await expect(blocked.getByRole('status')).toHaveText('Emil Strand is no longer blocked.');
  await call(request, poetB.token, `/api/wall/posts/${postId}/comments`, { text: 'Thank you for having me back.' });
  await pageA.context().close();
  await pageB.context().close();
});
