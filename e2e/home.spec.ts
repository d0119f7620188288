import type { APIRequestContext, Page } from '@playwright/test';
import { WINNER_REWARDS, type Faq, type Testimonial } from '@writory/shared';
import { expect, test, expectFocusNotObscured, expectNoAxeViolations, withSavedConsent } from './fixtures';
import { initialsOf } from '../site/src/lib/display-name';

test.beforeEach(async ({ page }) => {
  await withSavedConsent(page);
});

/** Waits until the island holding `testId` has hydrated (Astro drops the `ssr` attribute then). The chatbot launcher is
 * no island: its script runs before the page's load event, which `page.goto` waits for. */
async function hydrated(page: Page, testId: string) {
  await expect(page.locator(`astro-island:has([data-testid="${testId}"])`)).not.toHaveAttribute('ssr', { timeout: 10_000 });
}

/** The seeded FAQ answer the chatbot should give for `question`. */
async function faqAnswer(request: APIRequestContext, question = 'When are results announced?') {
  const faqs = (await (await request.get('/api/faqs')).json()) as Faq[];
  const faq = faqs.find((f) => f.question === question);
  expect(faq, `FAQ "${question}" is seeded`).toBeTruthy();
  return faq!.answer;
}

test('@phone the home sections come in the spec’s order', async ({ page }) => {
  await page.goto('/');
  const headings = await page.locator('main').locator('h1:visible, h2:visible').allTextContents();
  expect(headings.map((h) => h.trim())).toEqual([
    'Where every poem gets a fair reading',
    'No Barriers or Boundaries',
    'Why Choose Writory',
    'What poets say',
    'Rewards',
    'Rules',
    'Your poem deserves a reader',
  ]);
  const hero = page.getByTestId('hero');
  for (const name of ['ENTER LIVE CONTEST', 'WRITORY WALL', 'WRITORY ARTICLES']) await expect(hero.getByRole('link', { name })).toBeVisible();
  await expect(hero.getByRole('link', { name: 'ENTER LIVE CONTEST' })).toHaveAttribute('href', '/submit');
  await expect(hero.getByText('Poets Joined')).toBeVisible();
  await expect(hero.getByText('Pieces', { exact: true })).toBeVisible();
  await expect(page.locator('#testimonials')).toHaveCount(1);
  await expect(page.locator('#rewards')).toHaveCount(1);
  // Every reward of the spec is a card with its own drawing.
  const rewards = page.getByTestId('rewards').getByRole('listitem');
  await expect(rewards).toHaveCount(WINNER_REWARDS.length);
  for (const [i, reward] of WINNER_REWARDS.entries()) {
    await expect(rewards.nth(i)).toContainText(reward);
    await expect(rewards.nth(i).locator('svg path').first()).toBeAttached();
  }
  await expect(page.locator('#rules')).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Submit Your Poem' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Learn About Writory' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test.describe('hero video', () => {
  test('@phone plays once, stops on its last frame, and uses the variant for the screen width', async ({ page }) => {
    await page.goto('/');
    const video = page.locator('[data-hero-video]');
    expect(await video.evaluate((v: HTMLVideoElement) => v.loop)).toBe(false);
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentSrc), { timeout: 10_000 })
      .toMatch((page.viewportSize()?.width ?? 1280) <= 768 ? /\/media\/hero-mobile\./ : /\/media\/hero-desktop\./);
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.ended && v.paused), { timeout: 15_000 }).toBe(true);
    expect(await video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(5.5);
    await expect(page.getByRole('button', { name: 'Play the background video' })).toBeVisible();
  });

  test('@phone is fetched only once the page has loaded (the poster is the first paint)', async ({ page }) => {
    const order: string[] = [];
    page.on('request', (request) => {
      if (/^\/media\/hero-[^/]+\.(mp4|webm)$/.test(new URL(request.url()).pathname)) order.push('video');
    });
    page.on('load', () => order.push('load'));
    await page.goto('/');
    const video = page.locator('[data-hero-video]');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused || v.ended), { timeout: 10_000 }).toBe(true);
    expect(order[0]).toBe('load');
    expect(order).toContain('video');
  });

  test('does not start by itself under prefers-reduced-motion; the play button starts it', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    const video = page.locator('[data-hero-video]');
    expect(await video.evaluate((v: HTMLVideoElement) => v.paused && v.currentTime === 0)).toBe(true);
    await expect(page.getByTestId('hero').locator('img')).toBeVisible();
    await page.getByRole('button', { name: 'Play the background video' }).click();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Pause the background video' }).click();
    expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  });
});

test.describe('testimonials carousel', () => {
  // The page runs on Playwright's clock: "nothing moves while held" is checked over timers run at once, not a sleep.
  async function openCarousel(page: Page) {
    await page.clock.install();
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'Testimonials' });
    await carousel.scrollIntoViewIfNeeded();
    await hydrated(page, 'testimonial-carousel');
    return carousel;
  }

  test('the first testimonial is in the static HTML', async ({ browser, request }) => {
    const [first] = (await (await request.get('/api/testimonials')).json()) as Testimonial[];
    // Without JavaScript the page shows only what its HTML holds. (Read as text, since a name may hold characters
    // the HTML escapes: a hostile testimonial from xss.spec.ts can be the newest.)
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    const slide = page.getByRole('region', { name: 'Testimonials' }).getByTestId('testimonial-slide').first();
    await expect(slide).toContainText(first.name);
    // No photo: the shared avatar shows the poet's initials on a colour of their own.
    if (!first.profile_picture && !first.profilePicture) await expect(slide.getByTestId('avatar-initials')).toHaveText(initialsOf(first.name));
    await context.close();
  });

  test('advances after about 3 s, pauses on hover, and previous/next wrap around', async ({ page, request }) => {
    const count = ((await (await request.get('/api/testimonials')).json()) as Testimonial[]).length;
    expect(count).toBeGreaterThan(1);
    const carousel = await openCarousel(page);
    await page.mouse.move(0, 0);
    const slide = (n: number) => carousel.getByRole('group', { name: `${n} of ${count}` });
    await expect(slide(1)).toBeVisible();
    await expect(slide(2)).toBeHidden();
    const started = Date.now();
    await expect(slide(2)).toBeVisible({ timeout: 5_000 });
    expect(Date.now() - started).toBeGreaterThan(1_500);

    // Hover: no change for longer than a rotation.
    await carousel.hover();
    await page.clock.runFor(4_000);
    await expect(slide(2)).toBeVisible();

    // Previous and next wrap both ways (still hovering, so nothing moves on its own).
    await carousel.getByRole('button', { name: 'Previous testimonial' }).click();
    await expect(slide(1)).toBeVisible();
    await carousel.getByRole('button', { name: 'Previous testimonial' }).click();
    await expect(slide(count)).toBeVisible();
    await carousel.getByRole('button', { name: 'Next testimonial' }).click();
    await expect(slide(1)).toBeVisible();

    // Leaving resumes rotation.
    await page.mouse.move(0, 0);
    await expect(slide(2)).toBeVisible({ timeout: 5_000 });
  });

  test('keyboard: focus anywhere inside holds the slide, leaving resumes, the pause button stops it for good', async ({ page, request }) => {
    const count = ((await (await request.get('/api/testimonials')).json()) as Testimonial[]).length;
    const carousel = await openCarousel(page);
    await page.mouse.move(0, 0);
    const liveRegion = carousel.locator('[aria-live]');
    const current = async () => Number((await carousel.locator('[data-active="true"]').getAttribute('aria-label'))!.split(' ')[0]);
    const holds = async (ms: number) => {
      const shown = await current();
      await page.clock.runFor(ms);
      expect(await current()).toBe(shown);
      return shown;
    };
    await expect(liveRegion).toHaveAttribute('aria-live', 'off');

    // Tab into the carousel: its first stop, the rotation button, already holds the slide.
    // Focusing the hero's link starts a long smooth scroll up. A Tab pressed before it ends (faster than a person
    // could) has its own scroll down to the carousel overridden, leaving the focused button far off screen. So the
    // page settles first, read on the runner's clock (the page's own is page.clock).
    const articles = page.getByRole('link', { name: 'WRITORY ARTICLES' });
    await articles.focus();
    await expect(articles).toBeInViewport();
    let lastScroll = -1;
    await expect
      .poll(
        async () => {
          const y = await page.evaluate(() => scrollY);
          const still = y === lastScroll;
          lastScroll = y;
          return still;
        },
        { intervals: [150], timeout: 10_000 },
      )
      .toBe(true);
    const pause = carousel.getByRole('button', { name: 'Pause testimonials' });
    for (let i = 0; i < 20 && !(await pause.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(pause).toBeFocused();
    await expectFocusNotObscured(page, 'tabbing to the carousel');
    await expect(liveRegion).toHaveAttribute('aria-live', 'polite');
    await holds(3_500);
    await page.keyboard.press('Tab');
    await expect(carousel.getByRole('button', { name: 'Previous testimonial' })).toBeFocused();
    await page.keyboard.press('Tab');
    const shown = await holds(3_500);
    await page.keyboard.press('Enter');
    await expect(carousel.getByRole('group', { name: `${(shown % count) + 1} of ${count}` })).toBeVisible();

    // Tabbing out resumes rotation.
    await page.keyboard.press('Tab');
    await expect(liveRegion).toHaveAttribute('aria-live', 'off');
    const left = await current();
    await expect.poll(current, { timeout: 5_000 }).not.toBe(left);

    // Back in, the pause button stops it; leaving no longer resumes.
    await pause.focus();
    await page.keyboard.press('Enter');
    await expect(carousel.getByRole('button', { name: 'Play testimonials' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(liveRegion).toHaveAttribute('aria-live', 'polite');
    await holds(3_500);
  });
});

test.describe('testimonials carousel held by focus from anything but a pointer', () => {
  test('focus put on “Pause testimonials” by a screen reader or a script (not :focus-visible) holds the slide for 7 s (WCAG 2.2.2)', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'Testimonials' });
    await carousel.scrollIntoViewIfNeeded();
    await hydrated(page, 'testimonial-carousel');
    // A click on the page's text first: Chromium then counts a later scripted focus as not :focus-visible, as it does
    // for a screen reader's cursor.
    await page.getByRole('heading', { name: 'What poets say' }).click();
    const pause = carousel.getByRole('button', { name: 'Pause testimonials' });
    await pause.focus();
    expect(await pause.evaluate((el) => el.matches(':focus-visible'))).toBe(false);
    const shown = await carousel.locator('[data-active="true"]').getAttribute('aria-label');
    await page.clock.runFor(7_000);
    await expect(carousel.locator('[data-active="true"]')).toHaveAttribute('aria-label', shown!);
    await expect(carousel.locator('[aria-live]')).toHaveAttribute('aria-live', 'polite');
  });
});

test.describe('counters', () => {
  test('fall back to 98 poets and 0 pieces when the count API is down', async ({ page, consoleErrors }) => {
    for (const path of ['/api/users/count', '/api/submission-count'])
      consoleErrors.expectFailedRequest(500, path, 'the test answers the counts with 500 itself');
    let asked = 0;
    for (const path of ['**/api/users/count', '**/api/submission-count']) {
      await page.route(path, (route) => {
        asked += 1;
        return route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"status":500,"message":"down"}}' });
      });
    }
    await page.goto('/');
    await expect.poll(() => asked, { timeout: 10_000 }).toBe(2);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('[data-counter="poets"]')).toHaveText('98');
    await expect(page.locator('[data-counter="pieces"]')).toHaveText('0');
  });

  // The count the page shows is the one the API answered the page (not a second request's: other tests make poets
  // meanwhile), so this test runs beside them.
  test('show the live poets count when the API answers, once per load (no per-second polling)', async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (req) => {
      if (/\/api\/(users\/count|submission-count)$/.test(new URL(req.url()).pathname)) calls.push(req.url());
    });
    const answered = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/users/count');
    await page.clock.install();
    await page.goto('/');
    const res = await answered;
    expect(res.ok()).toBe(true);
    const { count } = (await res.json()) as { count: number };
    await expect(page.locator('[data-counter="poets"]')).toHaveText(new Intl.NumberFormat('en').format(count));
    // 50 s of the page's timers, run at once (they refresh every minute; the reference client polled every second).
    await page.clock.runFor(50_000);
    await page.evaluate(() => 0);
    expect(calls).toHaveLength(2);
  });
});

test('/#rules lands scrolled to the rules', async ({ page }) => {
  await page.goto('/#rules');
  const rules = page.locator('#rules');
  await expect(rules).toBeInViewport();
  await expect.poll(() => rules.evaluate((el) => Math.round(el.getBoundingClientRect().top)), { timeout: 5_000 }).toBeLessThanOrEqual(120);
  expect(await rules.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThanOrEqual(0);
  await expect(page.getByRole('heading', { name: 'Rules', exact: true })).toBeInViewport();
});

test.describe('chatbot', () => {
  test('the panel code loads only when the chat opens, showing "Loading chatbot..." meanwhile', async ({ page }) => {
    const panelChunks: string[] = [];
    page.on('request', (req) => {
      if (/ChatPanel/.test(req.url())) panelChunks.push(req.url());
    });
    await page.route(/ChatPanel.*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(panelChunks).toEqual([]);
    await page.getByRole('button', { name: 'Ask Writory' }).click();
    await expect(page.getByText('Loading chatbot...')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Ask Writory' })).toBeVisible();
    expect(panelChunks.length).toBeGreaterThan(0);
  });

  test('@phone answers from the FAQ, offers /contact when unsure, and works with the keyboard alone', async ({ page, request }) => {
    const answer = await faqAnswer(request, 'When are results announced?');
    await page.goto('/');
    const launcher = page.getByRole('button', { name: 'Ask Writory' });
    await launcher.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Ask Writory' });
    await expect(dialog).toBeVisible();
    await expect(launcher).toHaveAttribute('aria-expanded', 'true');
    const input = dialog.getByRole('textbox', { name: 'Your question' });
    await expect(input).toBeFocused();

    const log = dialog.getByRole('log');
    await page.keyboard.type('when are results?');
    await page.keyboard.press('Enter');
    await expect(log.getByText(answer)).toBeVisible();

    await page.keyboard.type('how do I bake bread');
    await page.keyboard.press('Enter');
    await expect(log.getByText(/don’t have an answer/)).toBeVisible();
    await expect(log.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');

    const box = await dialog.boundingBox();
    const width = page.viewportSize()!.width;
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(launcher).toBeFocused();
    await expect(launcher).toHaveAttribute('aria-expanded', 'false');
  });

  test('the close button returns focus to the launcher; suggested questions can be asked with one click', async ({ page, request }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Ask Writory' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ask Writory' });
    const first = ((await (await request.get('/api/faqs')).json()) as Faq[])[0];
    await dialog.getByRole('button', { name: first.question }).click();
    await expect(dialog.getByRole('log').getByText(first.answer)).toBeVisible();
    await dialog.getByRole('button', { name: 'Close chat' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Ask Writory' })).toBeFocused();
  });

  test('is on other pages that use the main layout', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('button', { name: 'Ask Writory' })).toBeVisible();
  });
});

test('@phone the home page has no axe violations with the chatbot open', async ({ page, request }) => {
  const answer = await faqAnswer(request);
  await page.goto('/');
  await page.getByRole('button', { name: 'Ask Writory' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ask Writory' });
  await dialog.getByRole('textbox', { name: 'Your question' }).fill('when are results?');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByRole('log').getByText(answer)).toBeVisible();
  await page.getByRole('region', { name: 'Testimonials' }).scrollIntoViewIfNeeded();
  await hydrated(page, 'testimonial-carousel');
  await expectNoAxeViolations(page);
});
