// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest';
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

describe('the chat launcher above a tall banner', () => {
  it('waits (hidden) only while lifting it above the banner would put it in the top half of the screen', () => {
    expect(launcherLiftedTooHigh(155, 740)).toBe(false);
    expect(launcherLiftedTooHigh(271, 740)).toBe(false);
    expect(launcherLiftedTooHigh(155, 548)).toBe(false);
    expect(launcherLiftedTooHigh(271, 667)).toBe(true);
    expect(launcherLiftedTooHigh(271, 548)).toBe(true);
  });
});
