import { describe, expect, it } from 'vitest';
import { readingMinutes } from './reading-time';

const paragraph = (words: number) => ({ type: 'paragraph', children: [{ type: 'text', text: Array(words).fill('word').join(' ') }] });

describe('readingMinutes', () => {
  it.each([
    [[], 1],
    [[paragraph(10)], 1],
    [[paragraph(200)], 1],
    [[paragraph(201)], 2],
    [[paragraph(150), { type: 'list', children: [{ type: 'list-item', children: [{ type: 'text', text: 'a b c' }] }] }, paragraph(300)], 3],
  ])('counts words in nested blocks (%#)', (blocks, minutes) => {
    expect(readingMinutes(blocks)).toBe(minutes);
  });

  it('is 1 for a missing body', () => {
    expect(readingMinutes(null)).toBe(1);
  });
});
