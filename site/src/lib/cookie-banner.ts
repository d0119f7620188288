// Wires the static cookie banner (components/layout/CookieBanner.astro) to the consent store: shows it when nothing
// is saved or when the preferences are reopened, keeps the switches as a draft until "Save preferences".
import {
  $consent,
  $consentPanel,
  acceptAll,
  loadConsent,
  openConsentPreferences,
  rejectAll,
  saveConsent,
  type Consent,
  type ConsentKey,
} from '../stores/consent';

export function installCookieBanner(doc: Document, storage?: Storage) {
  const banner = doc.querySelector<HTMLElement>('[data-cookie-banner]');
  if (!banner) return;
  const preferences = banner.querySelector<HTMLElement>('[data-consent-preferences]')!;
  const switches = [...banner.querySelectorAll<HTMLInputElement>('input[type="checkbox"][name]')];
  const button = (action: string) => banner.querySelector<HTMLButtonElement>(`[data-consent-action="${action}"]`)!;

  // The switches are a draft of the saved choice: reset whenever the saved choice or the panel changes.
  const resetDraft = () => {
    const consent = $consent.get();
    for (const box of switches) box.checked = consent[box.name as ConsentKey] === 'granted';
  };
  const draft = () => Object.fromEntries(switches.map((box) => [box.name, box.checked ? 'granted' : 'denied'])) as Consent;

  $consent.subscribe(resetDraft);
  $consentPanel.subscribe((panel) => {
    resetDraft();
    banner.hidden = panel === 'hidden';
    preferences.hidden = panel !== 'preferences';
    button('save').hidden = panel !== 'preferences';
    button('manage').hidden = panel === 'preferences';
  });

  button('accept').addEventListener('click', () => acceptAll(storage));
  button('reject').addEventListener('click', () => rejectAll(storage));
  button('save').addEventListener('click', () => saveConsent(draft(), storage));
  button('manage').addEventListener('click', () => {
    $consentPanel.set('preferences');
    switches[0]?.focus();
  });
  doc.addEventListener('click', (event) => {
    if ((event.target as Element | null)?.closest?.('[data-consent-open]')) openConsentPreferences();
  });

  loadConsent(storage);
  // From here the banner's `hidden` attribute decides, not the first-paint check.
  doc.documentElement.removeAttribute('data-consent-saved');
}
