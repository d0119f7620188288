import { describe, expect, it } from 'vitest';
import { LOCALES } from '@writory/shared';
import { CATALOGUES, en, inLocale, msg, placeholdersOf, say, type MessageKey } from './index';
import { FIELD_MESSAGES, fieldMessageIn } from './fields';

const keys = Object.keys(en) as MessageKey[];

describe('the message catalogues', () => {
  it.each(LOCALES)('%s has every key English has, and no other', (locale) => {
    expect(Object.keys(CATALOGUES[locale]).sort()).toEqual([...keys].sort());
  });

  it.each(LOCALES.filter((locale) => locale !== 'en'))('%s uses the same placeholders as English in every message', (locale) => {
    for (const key of keys) expect(new Set(placeholdersOf(CATALOGUES[locale][key])), key).toEqual(new Set(placeholdersOf(en[key])));
  });

  it('translates every field message into Hindi and Arabic with the same placeholders', () => {
    for (const [english, words] of Object.entries(FIELD_MESSAGES)) {
      for (const locale of ['hi', 'ar'] as const) {
        expect(words[locale], `${locale}: ${english}`).toBeTruthy();
        expect(placeholdersOf(words[locale]), `${locale}: ${english}`).toEqual(placeholdersOf(english));
      }
    }
  });
});

describe('say', () => {
  it('fills placeholders, nested messages included, in the language asked for', () => {
    const broken = msg('poemFile.broken', { saveAgain: msg('poemFile.saveAgain') });
    expect(say(broken, 'en')).toBe(
      'We could not read this file: it seems damaged. Open it in your writing app and save or export it again as .docx or .pdf, then upload that file.',
    );
    expect(say(broken, 'hi')).toContain('लेखन ऐप');
    expect(say(broken, 'ar')).toContain('تطبيق الكتابة');
  });

  it('chooses the plural form each language has', () => {
    const busy = (seconds: number, locale: 'en' | 'ar') => say(msg('poemFile.busy', { seconds }), locale);
    expect(busy(1, 'en')).toMatch(/try again in 1 second\.$/);
    expect(busy(5, 'en')).toMatch(/try again in 5 seconds\.$/);
    expect(busy(2, 'ar')).toContain('ثانيتين');
    expect(busy(5, 'ar')).toContain('5 ثوانٍ');
    expect(busy(11, 'ar')).toContain('11 ثانية');
  });

  it('says the current language: English outside any request, the one a caller runs in', () => {
    expect(say('auth.signIn')).toBe('Sign in to continue.');
    expect(inLocale('hi', () => say('auth.signIn'))).toBe('आगे बढ़ने के लिए साइन इन करें।');
    expect(inLocale('ar', () => say('auth.signIn'))).toBe('سجّل الدخول للمتابعة.');
  });
});

describe('fieldMessageIn', () => {
  it('finds a schema’s English message, with the values it wrote, and keeps an unknown one', () => {
    expect(fieldMessageIn('hi', 'Enter your full name.')).toBe('अपना पूरा नाम दर्ज करें।');
    expect(fieldMessageIn('ar', 'Name must be at most 80 characters.')).toBe('يجب ألا يتجاوز الاسم 80 حرفًا.');
    expect(fieldMessageIn('hi', 'The title must be at most 160 characters.')).toBe('शीर्षक अधिकतम 160 अक्षरों का हो सकता है।');
    expect(fieldMessageIn('ar', 'Some admin field is wrong.')).toBe('Some admin field is wrong.');
    expect(fieldMessageIn('en', 'Enter your full name.')).toBe('Enter your full name.');
  });
});
