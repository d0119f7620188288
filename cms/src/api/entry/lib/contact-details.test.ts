import { describe, expect, it } from 'vitest';
import { findContactDetails, looksLikePhone } from './contact-details';

describe('findContactDetails: phone numbers', () => {
  it.each([
    ['+44 7700 900123', '+44 7700 900123'],
    ['call +44 (0)20 7946 0958 tonight', '+44 (0)20 7946 0958'],
    ['+91 98765 43210', '+91 98765 43210'],
    ['+91-98765-43210', '+91-98765-43210'],
    ['+919876543210', '+919876543210'],
    ['98765 43210', '98765 43210'],
    ['9876543210', '9876543210'],
    ['098765 43210', '098765 43210'],
    ['(022) 2345 6789', '(022) 2345 6789'],
    ['022-2345-6789', '022-2345-6789'],
    ['07700 900123', '07700 900123'],
    ['(555) 123-4567', '(555) 123-4567'],
    ['555.123.4567', '555.123.4567'],
    ['+1 555 123 4567', '+1 555 123 4567'],
    ['+33 6 12 34 56 78', '+33 6 12 34 56 78'],
    ['06 12 34 56 78', '06 12 34 56 78'],
    ['+971 50 123 4567', '+971 50 123 4567'],
    ['ring me: +49 30 901820', '+49 30 901820'],
  ])('%j has the phone number %j', (text, phone) => {
    expect(findContactDetails(text)).toEqual([{ kind: 'phone', line: 1, text: phone }]);
  });

  it.each([
    ['a year', 'In 1947 the border moved.'],
    ['years side by side', '1914 1918 1939 1945'],
    ['a range of years', '1999–2004, and again 2010-2012'],
    ['a line number', '12 The river knows my name'],
    ['numbered lines', '1. first light\n2. second light\n10. tenth light'],
    ['a date', 'on 29/11/2026 we met'],
    ['a dotted date', 'on 29.11.2026 at 10.30'],
    ['an ISO date and time', '2026-11-29 10:30'],
    ['a date and a time run together', '29-11-2026 10 30 pm'],
    ['dates side by side', '29.11.2026 30.11.2026'],
    ['a time', 'at 10:30 or 22:45'],
    ['a count', 'ten thousand and 10000 more'],
    ['a large figure with commas', '1,000,000 stars'],
    ['a decimal', 'pi is 3.14159265358979'],
    ['a short number', 'room 404, flat 12B, 221B Baker Street'],
    ['the poet’s own number, already removed', 'ring [phone removed] tonight'],
  ])('no alarm on %s', (_label, text) => {
    expect(findContactDetails(text)).toEqual([]);
  });
});

describe('findContactDetails: emails and handles', () => {
  it.each([
    ['write to asha.rao@example.com', [{ kind: 'email', line: 1, text: 'asha.rao@example.com' }]],
    ['follow @asha_writes on the wall', [{ kind: 'handle', line: 1, text: '@asha_writes' }]],
    ['(@poet.asha)', [{ kind: 'handle', line: 1, text: '@poet.asha' }]],
    ['instagram.com/asha.writes', [{ kind: 'handle', line: 1, text: 'instagram.com/asha.writes' }]],
    ['https://x.com/asha', [{ kind: 'handle', line: 1, text: 'https://x.com/asha' }]],
    ['wa.me/919876543210', [{ kind: 'handle', line: 1, text: 'wa.me/919876543210' }]],
  ] as const)('%j', (text, expected) => {
    expect(findContactDetails(text)).toEqual(expected);
  });

  it.each([
    ['an email’s own @', 'asha@example.com'],
    ['a lone @', 'meet me @ the station'],
    ['a time after @', 'see you @5'],
    ['the poet’s own, already removed', 'write to [email removed]'],
  ])('no handle in %s', (_label, text) => {
    expect(findContactDetails(text).filter((d) => d.kind === 'handle')).toEqual([]);
  });
});

it('reports each on its own line, in reading order', () => {
  const poem = 'The sea at dusk\nwrite: someone@example.org\nor @someone\nor +91 98765 43210';
  expect(findContactDetails(poem)).toEqual([
    { kind: 'email', line: 2, text: 'someone@example.org' },
    { kind: 'handle', line: 3, text: '@someone' },
    { kind: 'phone', line: 4, text: '+91 98765 43210' },
  ]);
});

it.each([
  ['+44 7700 900123', true],
  ['+12 345', false],
  ['12345678901234', false],
  ['2024 2025 2026', false],
])('looksLikePhone(%j) → %s', (run, expected) => {
  expect(looksLikePhone(run)).toBe(expected);
});
