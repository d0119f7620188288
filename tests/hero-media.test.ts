// The home hero's media (made by site/scripts/make-hero.mjs) stay light enough for the page-weight and LCP targets:
// every variant the page names exists, each video is short and small, each poster (the LCP image) tiny.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const media = join(__dirname, '..', 'site', 'public', 'media');
const home = readFileSync(join(__dirname, '..', 'site', 'src', 'pages', 'index.astro'), 'utf8');
const named = [...new Set([...home.matchAll(/\/media\/(hero-[\w-]+\.\w+)/g)].map((m) => m[1]))];

describe('hero media', () => {
  it('the home page names both variants of the video in both formats and both posters', () => {
    expect(named.sort()).toEqual([
      'hero-desktop.mp4',
      'hero-desktop.webm',
      'hero-mobile.mp4',
      'hero-mobile.webm',
      'hero-poster-desktop.webp',
      'hero-poster-mobile.webp',
    ]);
  });

  it.each(named)('%s exists and stays within its budget', (file) => {
    const path = join(media, file);
    expect(existsSync(path)).toBe(true);
    const budget = file.endsWith('.webp') ? 20 * 1024 : 150 * 1024;
    expect(statSync(path).size).toBeLessThanOrEqual(budget);
  });
});
