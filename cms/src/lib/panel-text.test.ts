import { describe, expect, it } from 'vitest';
import { cleanPanelText } from './panel-text';

describe('cleanPanelText', () => {
  it('removes bidi controls from names and titles typed in the panel, keeping right-to-left letters', () => {
    const data = { name: 'Layla\u202E Haddad', title: 'فائزة\u2066 يونيو\u2069', location: 'Amman', message: 'keeps \u202E as written' };
    expect(cleanPanelText('api::testimonial.testimonial', data)).toEqual({
      name: 'Layla Haddad',
      title: 'فائزة يونيو',
      location: 'Amman',
      message: 'keeps \u202E as written',
    });
    expect(data.name).toBe('Layla\u202E Haddad');
  });

  it('leaves other content types and non-text values alone', () => {
    expect(cleanPanelText('api::entry.entry', { title: 'a\u202Eb' })).toEqual({ title: 'a\u202Eb' });
    expect(cleanPanelText('api::article.article', { title: null, author: 3 })).toEqual({ title: null, author: 3 });
  });
});
