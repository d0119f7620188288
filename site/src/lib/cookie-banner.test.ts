// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountAstro, renderAstro } from './astro-dom.testing';
import CookieBanner from '../components/layout/CookieBanner.astro';
import { $consent, $consentPanel, CONSENT_LATER_KEY, CONSENT_STORAGE_KEY, DEFAULT_CONSENT } from '../stores/consent';
import { installCookieBanner, launcherLiftedTooHigh } from './cookie-banner';

/** The component's real HTML, with a footer button that reopens the preferences. */
async function page(saved?: object) {
  localStorage.clear();
  sessionStorage.clear();
  if (saved) localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(saved));
  $consent.set(DEFAULT_CONSENT);
  $consentPanel.set('hidden');
  await mountAstro(CookieBanner, '<main id="main" tabindex="-1"><a href="/x">link</a></main><button data-consent-open>Cookies</button>');
  installCookieBanner(document);
  const banner = document.querySelector<HTMLElement>('[data-cookie-banner]')!;
  const button = (name: string) => [...banner.querySelectorAll('button')].find((b) => b.textContent === name)!;
  const box = (name: string) => banner.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
  return { banner, button, box, preferences: banner.querySelector<HTMLElement>('fieldset')! };
}
const saved = () => JSON.parse(localStorage.getItem(CONSENT_STORAGE_KEY) ?? 'null');

beforeEach(() => document.documentElement.removeAttribute('data-consent-saved'));

describe('cookie banner', () => {
  it('shows on a first visit with everything denied, the preferences folded', async () => {
    const { banner, button, preferences, box } = await page();
    expect(banner.hidden).toBe(false);
    expect(banner.getAttribute('aria-labelledby')).toBe(banner.querySelector('h2')!.id);
    expect(preferences.hidden).toBe(true);
    expect(button('Save preferences').hidden).toBe(true);
    button('Manage preferences').click();
    expect(preferences.hidden).toBe(false);
    expect(button('Manage preferences').hidden).toBe(true);
    expect(document.activeElement).toBe(box('ad_storage'));
    for (const name of ['ad_storage', 'analytics_storage', 'ad_user_data', 'ad_personalization']) expect(box(name).checked).toBe(false);
  });

  it.each([
    ['Accept all', 'granted'],
    ['Reject all', 'denied'],
  ])('%s saves every key as %s and hides the banner', async (label, value) => {
    const { banner, button } = await page();
    button(label).click();
    expect(saved()).toEqual({ ad_storage: value, analytics_storage: value, ad_user_data: value, ad_personalization: value });
    expect(banner.hidden).toBe(true);
  });

  it('saves a mixed choice from the switches', async () => {
    const { banner, button, box } = await page();
    button('Manage preferences').click();
    box('analytics_storage').click();
    button('Save preferences').click();
    expect(saved()).toEqual({ ...DEFAULT_CONSENT, analytics_storage: 'granted' });
    expect(banner.hidden).toBe(true);
  });

  it('stays hidden for a returning visitor until the footer button reopens the saved choice', async () => {
    const { banner, box, preferences } = await page({ ...DEFAULT_CONSENT, ad_storage: 'granted' });
    expect(banner.hidden).toBe(true);
    expect(document.documentElement.hasAttribute('data-consent-saved')).toBe(false);
    document.querySelector<HTMLButtonElement>('[data-consent-open]')!.click();
    expect(banner.hidden).toBe(false);
    expect(preferences.hidden).toBe(false);
    expect(box('ad_storage').checked).toBe(true);
    expect(box('analytics_storage').checked).toBe(false);
  });

  it('drops unsaved switch changes when the preferences close and reopen', async () => {
    const { button, box } = await page({ ...DEFAULT_CONSENT });
    document.querySelector<HTMLButtonElement>('[data-consent-open]')!.click();
    box('ad_user_data').click();
    button('Reject all').click();
    document.querySelector<HTMLButtonElement>('[data-consent-open]')!.click();
    expect(box('ad_user_data').checked).toBe(false);
  });

  it('hides itself before the first paint when a choice is saved (the inline check)', async () => {
    localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(DEFAULT_CONSENT));
    const html = await renderAstro(CookieBanner);
    const inline = /<script>([\s\S]*?)<\/script>/.exec(html)![1];
    new Function(inline)();
    expect(document.documentElement.hasAttribute('data-consent-saved')).toBe(true);
  });

  const pressEscape = () => {
    const event = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    document.activeElement!.dispatchEvent(event);
    return event;
  };

  it("Escape closes a first visit's banner without saving anything, for the rest of the tab", async () => {
    const { banner, button } = await page();
    button('Accept all').focus();
    pressEscape();
    expect(banner.hidden).toBe(true);
    expect(saved()).toBeNull();
    expect($consent.get()).toEqual(DEFAULT_CONSENT);
    expect(sessionStorage.getItem(CONSENT_LATER_KEY)).toBe('true');
    expect(document.activeElement).toBe(document.querySelector('main'));
    // The next page of this tab: the banner stays away, nothing granted.
    $consentPanel.set('hidden');
    installCookieBanner(document);
    expect(banner.hidden).toBe(true);
  });

  it('Escape used by something else (a menu, the chat) leaves the banner alone', async () => {
    const { banner } = await page();
    document.addEventListener('keydown', (event) => event.preventDefault(), { once: true });
    pressEscape();
    expect(banner.hidden).toBe(false);
  });

  it('reopening from the footer moves focus into the preferences; closing returns it to the footer button', async () => {
    const { banner, button, box } = await page({ ...DEFAULT_CONSENT });
    const cookies = document.querySelector<HTMLButtonElement>('[data-consent-open]')!;
    cookies.focus();
    cookies.click();
    expect(document.activeElement).toBe(box('ad_storage'));
    button('Save preferences').click();
    expect(banner.hidden).toBe(true);
    expect(document.activeElement).toBe(cookies);

    cookies.click();
    pressEscape();
    expect(banner.hidden).toBe(true);
    expect(saved()).toEqual(DEFAULT_CONSENT);
    expect(document.activeElement).toBe(cookies);
  });

  it("after a first visit's choice focus goes to the main content, not the page body", async () => {
    const { button } = await page();
    button('Reject all').focus();
    button('Reject all').click();
    expect(document.activeElement).toBe(document.querySelector('main'));
  });

  it('publishes the room it takes while it shows, and none once closed', async () => {
    const { button } = await page();
    expect(document.documentElement.style.getPropertyValue('--consent-inset')).toMatch(/^\d+px$/);
    button('Accept all').click();
    expect(document.documentElement.style.getPropertyValue('--consent-inset')).toBe('');
  });
});

describe('the cookie banner while the page loads', () => {
  // Only the observer is put back: the page's globals (astro-dom.testing) stay.
  afterEach(() => Reflect.deleteProperty(globalThis, 'ResizeObserver'));

  // Reading the banner's box while the page's script runs makes the browser lay out the whole page there and then, in
  // the middle of its load (a long task on a long page, issue 39): the browser's ResizeObserver says the banner's size
  // once the page is laid out anyway.
  it('reads no layout when it is installed; its room is published when the ResizeObserver reports the banner', async () => {
    const reports: (() => void)[] = [];
    Object.assign(globalThis, {
      ResizeObserver: class {
        constructor(callback: ResizeObserverCallback) {
          reports.push(() => callback([], this as unknown as ResizeObserver));
        }
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    });
    let reads = 0;
    // The banners of the tests before are off the page but still follow the consent store: only this page's banner
    // counts, and only it is 168 px tall.
    const measure = vi.spyOn(window.HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      if (this.isConnected) reads += 1;
      const top = this.isConnected ? window.innerHeight - 168 : window.innerHeight;
      return { top, bottom: window.innerHeight, left: 0, right: 375, width: 375, height: window.innerHeight - top, x: 0, y: top, toJSON: () => ({}) };
    });
    const inset = () => document.documentElement.style.getPropertyValue('--consent-inset');
    try {
      const { button } = await page();
      expect(reads).toBe(0);
      expect(inset()).not.toBe('168px');
      for (const report of reports) report();
      expect(inset()).toBe('168px');
      // Once loaded, what the reader does is answered at once, as before.
      button('Accept all').click();
      expect(inset()).toBe('');
    } finally {
      measure.mockRestore();
    }
  });
});

describe('the chat launcher above a tall banner', () => {
  it('waits (hidden) only while lifting it above the banner would put it in the top half of the screen', () => {
    expect(launcherLiftedTooHigh(155, 740)).toBe(false);
    expect(launcherLiftedTooHigh(271, 740)).toBe(false);
    expect(launcherLiftedTooHigh(155, 548)).toBe(false);
    expect(launcherLiftedTooHigh(271, 667)).toBe(true);
    expect(launcherLiftedTooHigh(271, 548)).toBe(true);
  });
});
