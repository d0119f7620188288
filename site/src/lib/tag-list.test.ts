// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { hasTag, parseTags, toggleTag } from './tag-list';

describe('tag list', () => {
  it('splits on commas (also Arabic and ideographic ones), tidies spaces and drops repeats without case', () => {
    expect(parseTags(' craft,  Letters   to poets ,CRAFT,, ')).toEqual(['craft', 'Letters to poets']);
    expect(parseTags('شعر، نقد')).toEqual(['شعر', 'نقد']);
    expect(parseTags('诗、散文')).toEqual(['诗', '散文']);
    expect(parseTags('')).toEqual([]);
  });

  it('toggles a tag in and out', () => {
    expect(toggleTag('', 'craft')).toBe('craft');
    expect(toggleTag('craft, judging', 'Judging')).toBe('craft');
    expect(toggleTag('craft', 'judging')).toBe('craft, judging');
    expect(hasTag('craft, Judging', 'judging')).toBe(true);
    expect(hasTag('craft', 'contest')).toBe(false);
  });
});
