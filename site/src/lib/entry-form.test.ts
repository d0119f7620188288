import { describe, expect, it } from 'vitest';
import { entryFormData, entryFormProblems } from './entry-form';

const values = { title: 'Lanterns', language: 'English', fullName: 'Mira Okafor', phone: '+44 7700 900123', country: 'GB' };
const poem = new File(['x'], 'poem.docx');

describe('entryFormProblems', () => {
  it('passes a complete form', () => {
    expect(entryFormProblems(values, poem, null)).toEqual({});
  });

  it('names every missing or wrong field', () => {
    expect(
      entryFormProblems({ title: ' ', language: '', fullName: 'M', phone: 'call me', country: '' }, null, new File(['x'], 'me.gif', { type: 'image/gif' })),
    ).toEqual({
      poem: 'submit.poemRequired',
      title: 'submit.titleRequired',
      language: 'submit.languageRequired',
      fullName: 'submit.fullNameRequired',
      phone: 'submit.phoneInvalid',
      country: 'submit.countryRequired',
      photo: 'submit.photoType',
    });
  });

  it('refuses a poem that is not .docx or .pdf', () => {
    expect(entryFormProblems(values, new File(['MZ'], 'poem.exe'), null)).toEqual({ poem: 'submit.poemType' });
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
