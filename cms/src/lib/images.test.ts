import { describe, expect, it } from 'vitest';
import { sniffImage } from './images';

const bytes = (...values: number[]) => Uint8Array.from(values);

describe('sniffImage', () => {
  it.each([
    ['jpeg', bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10)],
    ['png', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d)],
    ['webp', Uint8Array.from(Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8 ', 'latin1'))],
  ])('knows %s by its first bytes', (kind, head) => {
    expect(sniffImage(head)).toBe(kind);
  });

  it.each([
    ['text', Uint8Array.from(Buffer.from('hello world, not an image'))],
    ['GIF', Uint8Array.from(Buffer.from('GIF89a', 'latin1'))],
    ['SVG', Uint8Array.from(Buffer.from('<svg xmlns='))],
    ['a RIFF that is not WebP', Uint8Array.from(Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1'))],
    ['nothing', new Uint8Array(0)],
  ])('refuses %s', (_name, head) => {
    expect(sniffImage(head)).toBeNull();
  });
});
