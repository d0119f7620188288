import { describe, expect, it } from 'vitest';
import { waitInWords } from '@writory/shared';
import { countOf, nounForms, formatDate, formatDateTime, formatDay, formatMonth, formatWait, readerLocale, SITE_LOCALE } from './format';
import { t } from '../i18n/t';

const GB = { locale: 'en-GB', timeZone: 'Europe/London' };

describe('waits in words (the cms’s messages)', () => {
  it.each([
    [0.2, 'in 1 second'],
    [45, 'in 45 seconds'],
    [60, 'in 1 minute'],
    [61, 'in 2 minutes'],
    [3599, 'in 60 minutes'],
    [3600, 'in 1 hour'],
    [86_337, 'in 24 hours'],
    [82_800, 'in 23 hours'],
    [3 * 86_400, 'in 3 days'],
  ])('%s s reads "%s" (rounded up, never shorter than the real wait)', (seconds, words) => {
    expect(waitInWords(seconds)).toBe(words);
  });

  it('speaks the reader’s language', () => {
    expect(waitInWords(120, 'fr')).toBe('dans 2 minutes');
  });
});

describe('formatWait: within the hour in minutes, then the reader’s clock', () => {
  const now = new Date('2026-11-25T09:00:00Z');
  it.each([
    [30, 'in 30 seconds'],
    [12 * 60, 'in 12 minutes'],
    [5 * 3600, 'today at 14:00'],
    [86_337, 'tomorrow at 08:59'],
    [24 * 3600, 'tomorrow at 09:00'],
    [8 * 86_400, 'on 3 Dec 2026 at 09:00'],
  ])('%s s from 09:00 in London reads "%s"', (seconds, words) => {
    expect(formatWait(seconds, { now, ...GB })).toBe(words);
  });

  it('uses the reader’s time zone for today and tomorrow, and their English', () => {
    // 20:00 in London is already tomorrow 01:30 in Kolkata.
    expect(formatWait(11 * 3600, { now, locale: 'en-GB', timeZone: 'Asia/Kolkata' })).toBe('tomorrow at 01:30');
    expect(formatWait(11 * 3600, { now, locale: 'en-US', timeZone: 'America/New_York' })).toMatch(/^today at 3:00\sPM$/);
  });
});

describe('dates and months read the same everywhere', () => {
  it('months are words, not codes', () => {
    expect(formatMonth('2026-10', GB)).toBe('October 2026');
    expect(formatMonth('2026-01', { locale: 'en-US' })).toBe('January 2026');
  });

  it('days are the calendar day itself; instants are in the reader’s zone', () => {
    expect(formatDay('2026-11-25', GB)).toBe('25 Nov 2026');
    expect(formatDay('2026-11-25', { locale: 'en-US', timeZone: 'Pacific/Honolulu' })).toBe('Nov 25, 2026');
    expect(formatDate('2026-11-25T23:30:00Z', GB)).toBe('25 Nov 2026');
    expect(formatDate('2026-11-25T23:30:00Z', { locale: 'en-GB', timeZone: 'Asia/Kolkata' })).toBe('26 Nov 2026');
    expect(formatDateTime('2026-11-25T23:30:00Z', { locale: 'en-GB', timeZone: 'Asia/Kolkata' })).toBe('26 Nov 2026, 05:00');
  });

  it('reads the reader’s English from the browser, and the site’s English otherwise', () => {
    expect(readerLocale(['en-US', 'fr'])).toBe('en-US');
    expect(readerLocale(['fr-FR', 'en-IN'])).toBe('en-IN');
    expect(readerLocale(['de-DE'])).toBe(SITE_LOCALE);
    expect(readerLocale(['en'])).toBe(SITE_LOCALE);
    expect(readerLocale([])).toBe(SITE_LOCALE);
  });
});

describe('countOf: a count and its noun, plural by Intl.PluralRules, never "place(s)"', () => {
  const PLACE = { one: '# place', other: '# places' };
  it.each([
    [0, '0 places'],
    [1, '1 place'],
    [2, '2 places'],
    [1200, '1,200 places'],
  ])('%s → "%s"', (count, words) => {
    expect(countOf(count, PLACE)).toBe(words);
  });
});

describe('the redaction notes on the text check', () => {
  it('say how many places in proper English', () => {
    expect(t('submit.previewRedacted', { places: countOf(2, nounForms('place')) })).toBe(
      'We hid your name or contact details in 2 places so judging stays blind.',
    );
    expect(t('submit.previewRedacted', { places: countOf(1, nounForms('place')) })).not.toMatch(/\(s\)/);
  });
});
