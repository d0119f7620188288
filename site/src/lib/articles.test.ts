// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { pageCount, pageOf, tagsOf } from './articles';

describe('article paging', () => {
  it.each([
    [0, 1],
    [12, 1],
    [13, 2],
    [1000, 84],
  ])('%i articles make %i pages', (total, pages) => {
    expect(pageCount(total)).toBe(pages);
  });

  it('slices the requested page', () => {
    const items = Array.from({ length: 30 }, (_, i) => i);
    expect(pageOf(items, 3)).toEqual([24, 25, 26, 27, 28, 29]);
  });

  it('collects tags once, sorted by name', () => {
    const a = (tags: string[]) => ({ tags: tags.map((t) => ({ slug: t, name: t })) }) as never;
    expect(tagsOf([a(['craft', 'contest']), a(['craft'])])).toEqual([
      { slug: 'contest', name: 'contest' },
      { slug: 'craft', name: 'craft' },
    ]);
  });
});
