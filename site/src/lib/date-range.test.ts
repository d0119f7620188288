import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../i18n/t';
import { addDays, dayText, lastDays, parseDayText, rangeProblem, todayIn } from './date-range';

// rangeProblem's words are the admin pages' (the only pages with a date range).
beforeAll(() => Promise.all(['en', 'hi', 'ar'].map((lang) => loadCatalogue(lang as 'en'))));

describe('date ranges', () => {
  it('knows today in the contest time zone', () => {
    const instant = new Date('2026-11-30T20:00:00Z');
    expect(todayIn('UTC', instant)).toBe('2026-11-30');
    expect(todayIn('Asia/Kolkata', instant)).toBe('2026-12-01');
  });

  it('counts back whole days, across months and leap days', () => {
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(lastDays('2026-11-22', 7)).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(lastDays('2026-11-22', 1)).toEqual({ from: '2026-11-22', to: '2026-11-22' });
  });

  it.each([
    [{ from: '2026-11-01', to: '2026-11-30' }, null],
    [{ from: '2026-11-30', to: '2026-11-01' }, 'The start date must be on or before the end date.'],
    [{ from: '2025-01-01', to: '2026-01-02' }, 'Choose at most 366 days.'],
    [{ from: '', to: '2026-11-01' }, 'Choose a start date.'],
    [{ from: '2026-02-30', to: '2026-03-01' }, 'Choose a start date.'],
    [{ from: '2026-11-01', to: 'soon' }, 'Choose an end date.'],
  ])('rangeProblem(%j) is %j', (range, problem) => {
    expect(rangeProblem(range)).toBe(problem);
  });

  it.each([
    ['hi', 'शुरुआती तारीख़ आख़िरी तारीख़ से पहले की या उसी दिन की होनी चाहिए।', 'अधिकतम 366 दिन चुनें।'],
    ['ar', 'يجب أن يكون تاريخ البداية في يوم تاريخ النهاية أو قبله.', 'اختر 366 يومًا على الأكثر.'],
  ])('says what is wrong with a range in the page’s language (%s)', (lang, order, tooLong) => {
    document.documentElement.lang = lang;
    try {
      expect(rangeProblem({ from: '2026-11-30', to: '2026-11-01' })).toBe(order);
      expect(rangeProblem({ from: '2025-01-01', to: '2026-01-02' })).toBe(tooLong);
    } finally {
      document.documentElement.lang = 'en';
    }
  });
});

describe('days typed as Writory writes them', () => {
  it.each([
    ['25 Nov 2026', '2026-11-25'],
    ['Nov 25, 2026', '2026-11-25'],
    ['1 september 2026', '2026-09-01'],
    ['  3 Sept 2026 ', '2026-09-03'],
    ['2026-11-25', '2026-11-25'],
    ['29 Feb 2028', '2028-02-29'],
  ])('"%s" is %s', (text, day) => {
    expect(parseDayText(text)).toBe(day);
  });

  it.each(['', '10/31/2026', '31/10/2026', '31 Nov 2026', '29 Feb 2026', 'Nov 2026', '25 Nov', '25 Novembre 2026', '2026-13-01'])(
    '"%s" is not a day',
    (text) => {
      expect(parseDayText(text)).toBeNull();
    },
  );

  it('a day written back reads as it does elsewhere on the site, and reads back as the same day', () => {
    expect(dayText('2026-11-25', { locale: 'en-GB' })).toBe('25 Nov 2026');
    expect(dayText('2026-11-25', { locale: 'en-US' })).toBe('Nov 25, 2026');
    expect(parseDayText(dayText('2026-11-25', { locale: 'en-US' }))).toBe('2026-11-25');
  });
});

describe('days in the reader’s language (issue 39)', () => {
  it('writes a day with its month named in the page’s language, never all in numbers', () => {
    expect(dayText('2026-11-25', { locale: 'hi-IN' })).toBe('25 नवंबर 2026');
    expect(dayText('2026-11-25', { locale: 'ar' })).toBe('25 نوفمبر 2026');
  });

  it.each(['hi-IN', 'ar', 'en-GB', 'en-US'])('reads back every month as written in %s', (locale) => {
    for (let month = 1; month <= 12; month++) {
      const day = `2026-${String(month).padStart(2, '0')}-0${(month % 9) + 1}`;
      expect(parseDayText(dayText(day, { locale })), `${locale} ${dayText(day, { locale })}`).toBe(day);
    }
  });

  it.each([
    ['25 नव॰ 2026', '2026-11-25'],
    ['२५ नवंबर २०२६', '2026-11-25'],
    ['3 सितम्बर 2026', '2026-09-03'],
    ['१ जन॰ 2027', '2027-01-01'],
    ['٢٥ نوفمبر ٢٠٢٦', '2026-11-25'],
    ['25 نوفمبر، 2026', '2026-11-25'],
    ['\u200f3 مايو 2026', '2026-05-03'],
    ['25 Nov 2026', '2026-11-25'],
  ])('"%s" is %s on any page', (text, day) => {
    expect(parseDayText(text)).toBe(day);
  });

  it.each(['२५/११/२०२६', '25‏/11‏/2026', '31 नवंबर 2026', 'نوفمبر 2026'])('"%s" is not a day', (text) => {
    expect(parseDayText(text)).toBeNull();
  });
});
