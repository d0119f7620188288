// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { t } from '../i18n/t';
import { entryFormData, entryFormProblems } from './entry-form';

const values = { title: 'Lanterns', language: 'English', fullName: 'Mira Okafor', phone: '+44 7700 900123', country: 'GB' };
const poem = new File(['x'], 'poem.docx');

describe('entryFormProblems', () => {
  it('passes a complete form', async () => {
    expect(await entryFormProblems(values, poem, null)).toEqual({});
  });

  it('names every missing or wrong field', async () => {
    expect(
      await entryFormProblems(
        { title: ' ', language: '', fullName: 'M', phone: 'call me', country: '' },
        null,
        new File(['x'], 'me.gif', { type: 'image/gif' }),
      ),
    ).toEqual({
      poem: t('submit.poemRequired'),
      title: t('submit.titleRequired'),
      language: t('submit.languageRequired'),
      fullName: t('submit.fullNameRequired'),
      phone: t('submit.phoneInvalid'),
      country: t('submit.countryRequired'),
      photo: t('submit.photoType'),
    });
  });

  it('says a length limit in the words the cms uses', async () => {
    expect(await entryFormProblems({ ...values, title: 'x'.repeat(161) }, poem, null)).toEqual({ title: 'The title must be at most 160 characters.' });
  });

  it('takes only a country from the list', async () => {
    expect(await entryFormProblems({ ...values, country: 'XX' }, poem, null)).toEqual({ country: t('submit.countryRequired') });
  });

  it('refuses a poem that is not .docx or .pdf', async () => {
    expect(await entryFormProblems(values, new File(['MZ'], 'poem.exe'), null)).toEqual({ poem: t('submit.poemType') });
  });
});

describe('entryFormData', () => {
  it('holds the files and the trimmed fields', () => {
    const body = entryFormData({ ...values, title: '  Lanterns  ' }, poem, null, { declarations: 'a,b' });
    expect(body.get('poem')).toBeInstanceOf(File);
    expect(body.get('photo')).toBeNull();
    expect(body.get('title')).toBe('Lanterns');
    expect(body.get('declarations')).toBe('a,b');
  });
});

describe('the name in the poem’s script', () => {
  it('is sent with a poem in a script other than Latin, and said too long in the cms’s words', async () => {
    const hindi = { ...values, language: 'Hindi', nameInScript: '  मीरा ओकाफ़ोर ' };
    expect(entryFormData(hindi, poem, null).get('nameInScript')).toBe('मीरा ओकाफ़ोर');
    expect(await entryFormProblems({ ...hindi, nameInScript: 'म'.repeat(121) }, poem, null)).toEqual({
      nameInScript: 'The name in your poem’s script must be at most 120 characters.',
    });
  });

  it('is neither checked nor sent when the poem is in Latin letters (a field the form no longer shows)', async () => {
    const english = { ...values, nameInScript: 'म'.repeat(121) };
    expect(await entryFormProblems(english, poem, null)).toEqual({});
    expect(entryFormData(english, poem, null).get('nameInScript')).toBeNull();
  });
});
