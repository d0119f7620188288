// Cookie consent: the four consent keys of the spec, all denied until the visitor chooses.
import { atom } from 'nanostores';

export const CONSENT_KEYS = ['ad_storage', 'analytics_storage', 'ad_user_data', 'ad_personalization'] as const;
export type ConsentKey = (typeof CONSENT_KEYS)[number];
export type ConsentValue = 'granted' | 'denied';
export type Consent = Record<ConsentKey, ConsentValue>;

export const CONSENT_STORAGE_KEY = 'writory-cookie-consent';
/** sessionStorage: the visitor closed the banner without choosing ("decide later"); it stays away for this tab. */
export const CONSENT_LATER_KEY = 'writory-cookie-consent-later';
export const DEFAULT_CONSENT: Consent = {
  ad_storage: 'denied',
  analytics_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
};

export const $consent = atom<Consent>(DEFAULT_CONSENT);
/** 'hidden' once a choice is saved; 'banner' asks; 'preferences' shows the four switches. */
export const $consentPanel = atom<'hidden' | 'banner' | 'preferences'>('hidden');

function parseConsent(raw: string | null): Consent | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Record<string, unknown>>;
    const consent = { ...DEFAULT_CONSENT };
    for (const key of CONSENT_KEYS) {
      if (value[key] !== 'granted' && value[key] !== 'denied') return null;
      consent[key] = value[key];
    }
    return consent;
  } catch {
    return null;
  }
}

/** The saved choice, or null when the visitor has not chosen yet (or it cannot be read). */
export function savedConsent(storage: Storage = localStorage): Consent | null {
  try {
    return parseConsent(storage.getItem(CONSENT_STORAGE_KEY));
  } catch {
    return null;
  }
}

function decidingLater(session?: Storage): boolean {
  try {
    return (session ?? sessionStorage).getItem(CONSENT_LATER_KEY) === 'true';
  } catch {
    return false;
  }
}

/** Reads the saved choice; with none, the banner opens (unless closed for later in this tab) and everything stays denied. */
export function loadConsent(storage: Storage = localStorage, session?: Storage) {
  const saved = parseConsent(storage.getItem(CONSENT_STORAGE_KEY));
  $consent.set(saved ?? DEFAULT_CONSENT);
  $consentPanel.set(saved || decidingLater(session) ? 'hidden' : 'banner');
}

/**
 * Escape: closes the banner without choosing. Nothing is saved, so everything stays denied (or as saved before), and
 * without a saved choice the banner returns in the next tab; the footer's Cookies button reopens it any time.
 */
export function closeConsentPanel(storage: Storage = localStorage, session?: Storage) {
  if (!parseConsent(storage.getItem(CONSENT_STORAGE_KEY))) {
    try {
      (session ?? sessionStorage).setItem(CONSENT_LATER_KEY, 'true');
    } catch {
      // without sessionStorage the banner simply returns on the next page
    }
  }
  $consentPanel.set('hidden');
}

export function saveConsent(consent: Consent, storage: Storage = localStorage) {
  storage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(consent));
  $consent.set(consent);
  $consentPanel.set('hidden');
  window.dispatchEvent(new CustomEvent('writory:consent', { detail: consent }));
}

const everything = (value: ConsentValue): Consent => Object.fromEntries(CONSENT_KEYS.map((key) => [key, value])) as Consent;

export const acceptAll = (storage?: Storage) => saveConsent(everything('granted'), storage);
export const rejectAll = (storage?: Storage) => saveConsent(everything('denied'), storage);
export const openConsentPreferences = () => $consentPanel.set('preferences');
