import { afterEach, describe, expect, it } from 'vitest';
import { loadCatalogue, t } from '../i18n/t';
import { countOf, formatDay, formatMoney, formatMonth, formatNumber, nounForms, pageIntlLocale, readerLocale } from './format';

const onPageIn = async (lang: 'en' | 'hi' | 'ar') => {
  await loadCatalogue(lang);
  document.documentElement.lang = lang;
};

afterEach(() => {
  document.documentElement.lang = 'en';
});

describe('formatting in the page’s language', () => {
  it('uses the page’s language on Hindi and Arabic pages, the reader’s English on English ones', async () => {
    await onPageIn('hi');
    expect(pageIntlLocale()).toBe('hi-IN');
    expect(readerLocale(['en-US'])).toBe('hi-IN');
    await onPageIn('ar');
    expect(readerLocale(['en-US'])).toBe('ar');
    await onPageIn('en');
    expect(readerLocale(['en-US'])).toBe('en-US');
  });

  it('writes dates and months in Hindi and Arabic', async () => {
    await onPageIn('hi');
    expect(formatDay('2026-11-25')).toBe('25 नव॰ 2026');
    expect(formatMonth('2026-10')).toBe('अक्टूबर 2026');
    await onPageIn('ar');
    expect(formatMonth('2026-10')).toMatch(/أكتوبر/);
  });

  it('writes numbers and money as each locale does', async () => {
    expect(formatNumber(1234.5, 'en-GB')).toBe('1,234.5');
    expect(formatNumber(1234567, 'hi-IN')).toBe('12,34,567');
    expect(formatMoney(149_900, 'INR', 'hi-IN')).toBe('₹1,499.00');
    expect(formatMoney(149_900, 'INR', 'ar')).toContain('₹');
  });

  it('counts with Arabic’s six plural forms', async () => {
    await onPageIn('ar');
    const places = nounForms('place');
    expect(countOf(0, places)).toBe('0 موضع');
    expect(countOf(1, places)).toBe('موضع واحد');
    expect(countOf(2, places)).toBe('موضعين');
    expect(countOf(3, places)).toBe('3 مواضع');
    expect(countOf(11, places)).toBe('11 موضعًا');
    expect(countOf(100, places)).toBe('100 موضع');
  });

  it('counts in Hindi and English with one and other', async () => {
    await onPageIn('hi');
    expect(countOf(1, nounForms('place'))).toBe('1 जगह');
    expect(countOf(2, nounForms('place'))).toBe('2 जगहों');
    await onPageIn('en');
    expect(countOf(1, nounForms('place'))).toBe('1 place');
    expect(countOf(1200, nounForms('place'))).toBe('1,200 places');
  });

  it('reads text in the page’s language', async () => {
    await onPageIn('ar');
    expect(t('nav.home')).toBe('الرئيسية');
    await onPageIn('hi');
    expect(t('contest.theme', { theme: 'प्रेम' })).toBe('विषय: प्रेम');
  });
});
