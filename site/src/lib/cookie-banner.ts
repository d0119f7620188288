// Wires the static cookie banner (components/layout/CookieBanner.astro) to the consent store: shows it when nothing
// is saved or when the preferences are reopened, keeps the switches as a draft until "Save preferences".
// It never hides what has focus (WCAG 2.2 "Focus Not Obscured"): while it shows, its height is published as
// --consent-inset, which pads the page's end and the scroll padding (so focus and the last content scroll clear of it)
// and lifts the fixed chat launcher and panel above it. Escape closes it without choosing; focus moves into it when
// the footer reopens it and returns to the opener (or to the main content) when it closes.
import {
  $consent,
  $consentPanel,
  acceptAll,
  closeConsentPanel,
  loadConsent,
  openConsentPreferences,
  rejectAll,
  saveConsent,
  type Consent,
  type ConsentKey,
} from '../stores/consent';

export const CONSENT_INSET_PROPERTY = '--consent-inset';
/** Set on <html> while the banner is too tall for the chat launcher to sit above it (global.css hides the launcher). */
export const CONSENT_TALL_ATTRIBUTE = 'data-consent-tall';
/** The launcher's room above the banner: its 56 px and the 16 px gap under it. */
const LAUNCHER_ROOM_PX = 72;

/**
 * True when lifting the chat launcher above a banner `inset` px tall would put it in the top half of a viewport
 * `height` px tall, over the page's heading (a short phone with the preferences open): it then waits, hidden, until
 * the banner shrinks or closes, instead of floating over the content.
 */
export const launcherLiftedTooHigh = (inset: number, height: number) => height - inset - LAUNCHER_ROOM_PX < height / 2;

export function installCookieBanner(doc: Document, storage?: Storage, session?: Storage) {
  const banner = doc.querySelector<HTMLElement>('[data-cookie-banner]');
  if (!banner) return;
  const preferences = banner.querySelector<HTMLElement>('[data-consent-preferences]')!;
  const switches = [...banner.querySelectorAll<HTMLInputElement>('input[type="checkbox"][name]')];
  const button = (action: string) => banner.querySelector<HTMLButtonElement>(`[data-consent-action="${action}"]`)!;
  const root = doc.documentElement;
  /** The control that reopened the banner: focus goes back there when it closes. */
  let opener: HTMLElement | null = null;

  // The switches are a draft of the saved choice: reset whenever the saved choice or the panel changes.
  const resetDraft = () => {
    const consent = $consent.get();
    for (const box of switches) box.checked = consent[box.name as ConsentKey] === 'granted';
  };
  const draft = () => Object.fromEntries(switches.map((box) => [box.name, box.checked ? 'granted' : 'denied'])) as Consent;

  // How much of the viewport's bottom the banner takes (its height plus its gap to the edge), 0 while hidden.
  const publishInset = () => {
    if (banner.hidden) {
      root.removeAttribute(CONSENT_TALL_ATTRIBUTE);
      return root.style.removeProperty(CONSENT_INSET_PROPERTY);
    }
    const view = doc.defaultView;
    const rect = banner.getBoundingClientRect();
    const inset = view ? Math.max(0, Math.ceil(view.innerHeight - rect.top)) : Math.ceil(rect.height);
    root.style.setProperty(CONSENT_INSET_PROPERTY, `${inset}px`);
    root.toggleAttribute(CONSENT_TALL_ATTRIBUTE, !!view && launcherLiftedTooHigh(inset, view.innerHeight));
  };
  const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publishInset);
  resize?.observe(banner);
  /**
   * True while this runs as the page loads: reading the banner's box now would make the browser lay the whole page
   * out in the middle of its load, inside this script's task (issue 39); the observer above reports the banner once
   * the page is laid out anyway, before it is painted. What the reader does later is answered at once.
   */
  let installing = resize !== null;
  doc.defaultView?.addEventListener('resize', publishInset);

  /** After the banner closes, focus leaves it for the opener, or for the main content (never the page's body). */
  const returnFocus = (hadFocus: boolean) => {
    const target = opener?.isConnected ? opener : doc.querySelector<HTMLElement>('main#main, main');
    opener = null;
    if (hadFocus) target?.focus({ preventScroll: target.tagName === 'MAIN' });
  };

  $consent.subscribe(resetDraft);
  $consentPanel.subscribe((panel) => {
    const hadFocus = banner.contains(doc.activeElement);
    resetDraft();
    banner.hidden = panel === 'hidden';
    preferences.hidden = panel !== 'preferences';
    button('save').hidden = panel !== 'preferences';
    button('manage').hidden = panel === 'preferences';
    if (!installing || banner.hidden) publishInset();
    if (panel === 'hidden') returnFocus(hadFocus);
  });

  button('accept').addEventListener('click', () => acceptAll(storage));
  button('reject').addEventListener('click', () => rejectAll(storage));
  button('save').addEventListener('click', () => saveConsent(draft(), storage));
  button('manage').addEventListener('click', () => {
    $consentPanel.set('preferences');
    switches[0]?.focus();
  });
  doc.addEventListener('click', (event) => {
    const trigger = (event.target as Element | null)?.closest?.<HTMLElement>('[data-consent-open]');
    if (!trigger) return;
    opener = trigger;
    openConsentPreferences();
    switches[0]?.focus();
  });
  // Escape closes the banner without a choice, unless something else (a menu, the chat, a dialog) used the key.
  // Listened to on the window, so every handler on the document has had its turn first.
  doc.defaultView?.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || event.defaultPrevented || banner.hidden) return;
    event.preventDefault();
    closeConsentPanel(storage, session);
  });

  loadConsent(storage, session);
  installing = false;
  // From here the banner's `hidden` attribute decides, not the first-paint check.
  root.removeAttribute('data-consent-saved');
}
