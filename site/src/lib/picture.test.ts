// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { MAX_PICTURE_BYTES, pictureProblem } from './picture';

describe('pictureProblem', () => {
  it.each([
    ['a small JPEG', { type: 'image/jpeg', size: 1000 }, null],
    ['a PNG of exactly 2 MB', { type: 'image/png', size: MAX_PICTURE_BYTES }, null],
    ['a WebP', { type: 'image/webp', size: 10 }, null],
    ['a PNG one byte over 2 MB', { type: 'image/png', size: MAX_PICTURE_BYTES + 1 }, 'picture.size'],
    ['a GIF', { type: 'image/gif', size: 10 }, 'picture.type'],
    ['an SVG', { type: 'image/svg+xml', size: 10 }, 'picture.type'],
    ['a PDF', { type: 'application/pdf', size: 10 }, 'picture.type'],
    ['a file of unknown type', { type: '', size: 10 }, 'picture.type'],
  ])('%s → %s', (_case, file, expected) => {
    expect(pictureProblem(file)).toBe(expected);
  });
});
