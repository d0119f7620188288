// @vitest-environment node
// The shared link and text rules (packages/shared/src/text-safety.ts): the cms refuses what they refuse, the site
// renders what they keep.
import { describe, expect, it } from 'vitest';
import { safeLinkUrl, securityContactOf, withoutBidiControls } from '@writory/shared';

describe('safeLinkUrl', () => {
  it.each([
    ['https://a.example/x?y=1#z', 'https://a.example/x?y=1#z'],
    ['HTTPS://A.example', 'https://a.example/'],
    ['http://a.example', 'http://a.example/'],
    ['mailto:editor@writory.example', 'mailto:editor@writory.example'],
    ['/articles/how-we-judge', '/articles/how-we-judge'],
    ['/', '/'],
    ['#rules', '#rules'],
    ['  /contact  ', '/contact'],
  ])('keeps %j', (url, kept) => expect(safeLinkUrl(url)).toBe(kept));

  it.each([
    '/\\evil.example/path',
    '\\\\evil.example',
    '\\/evil.example',
    '//evil.example',
    '///evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    'https:\\\\evil.example',
    'https://evil.example\\@writory.example',
    'https:evil.example',
    'https:/evil.example',
    'https://writory.example@evil.example',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'java\tscript:alert(1)',
    ' javascript:alert(1)',
    '\u0000javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'ftp://files.example/x',
    'articles/relative',
    '?page=2',
    'mailto://evil.example',
    'https://a.example/\u202Efdp.exe',
    'https://a\u200B.example',
    '',
  ])('refuses %j', (url) => expect(safeLinkUrl(url)).toBeNull());
});

describe('withoutBidiControls', () => {
  it('removes embedding, override and isolate controls, so a name cannot show as another', () => {
    expect(withoutBidiControls('poem\u202Efdp.exe')).toBe('poemfdp.exe');
    expect(withoutBidiControls('\u2066a\u2067b\u2068c\u2069\u202Ad\u202Be\u202Cf\u202Dg')).toBe('abcdefg');
  });

  it('leaves right-to-left and Devanagari text and the direction marks as they are', () => {
    for (const text of ['قصيدة الحب', 'שיר השירים', 'कविता', 'Rumi: مثنوی\u200F!', 'a\u200Eb\u061Cc']) expect(withoutBidiControls(text)).toBe(text);
  });
});

describe('securityContactOf', () => {
  it('is security@ the contact address’s domain', () => {
    expect(securityContactOf('hello@Writory.example')).toBe('security@writory.example');
  });
});
