import { beforeEach, describe, expect, it } from 'vitest';
import {
  $consent,
  $consentPanel,
  CONSENT_STORAGE_KEY,
  DEFAULT_CONSENT,
  acceptAll,
  loadConsent,
  openConsentPreferences,
  rejectAll,
  saveConsent,
} from './consent';

beforeEach(() => {
  localStorage.clear();
  $consent.set(DEFAULT_CONSENT);
  $consentPanel.set('hidden');
});

describe('consent store', () => {
  it('denies everything and opens the banner when nothing is saved', () => {
    loadConsent();
    expect($consent.get()).toEqual(DEFAULT_CONSENT);
    expect(Object.values($consent.get())).toEqual(['denied', 'denied', 'denied', 'denied']);
    expect($consentPanel.get()).toBe('banner');
  });

  it('accept all grants every key, saves it and closes the banner', () => {
    loadConsent();
    acceptAll();
    expect(Object.values($consent.get()).every((v) => v === 'granted')).toBe(true);
    expect($consentPanel.get()).toBe('hidden');
    expect(JSON.parse(localStorage.getItem(CONSENT_STORAGE_KEY)!).analytics_storage).toBe('granted');
  });

  it('a saved choice is restored without asking again', () => {
    saveConsent({ ...DEFAULT_CONSENT, analytics_storage: 'granted' });
    $consent.set(DEFAULT_CONSENT);
    loadConsent();
    expect($consent.get().analytics_storage).toBe('granted');
    expect($consent.get().ad_storage).toBe('denied');
    expect($consentPanel.get()).toBe('hidden');
  });

  it.each(['not json', '{"ad_storage":"maybe"}', '{}'])('treats a corrupt saved value (%s) as no choice', (raw) => {
    localStorage.setItem(CONSENT_STORAGE_KEY, raw);
    loadConsent();
    expect($consent.get()).toEqual(DEFAULT_CONSENT);
    expect($consentPanel.get()).toBe('banner');
  });

  it('reject all after accept all withdraws consent; preferences can be reopened', () => {
    acceptAll();
    rejectAll();
    expect($consent.get()).toEqual(DEFAULT_CONSENT);
    openConsentPreferences();
    expect($consentPanel.get()).toBe('preferences');
  });

  it('announces every saved change to the page', () => {
    const seen: unknown[] = [];
    window.addEventListener('writory:consent', (e) => seen.push((e as CustomEvent).detail));
    acceptAll();
    expect(seen).toHaveLength(1);
  });
});
