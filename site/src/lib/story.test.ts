// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { storyParagraphs } from './story';

describe('a story’s paragraphs for the judges', () => {
  it('splits at blank lines and keeps the line breaks inside a paragraph', () => {
    expect(storyParagraphs('The kettle sang.\nShe waited.\n\n\nMorning came.\r\n\r\n  \nThe end.')).toEqual([
      'The kettle sang.\nShe waited.',
      'Morning came.',
      'The end.',
    ]);
  });
  it('gives one paragraph for a text without blank lines, none for an empty one', () => {
    expect(storyParagraphs('One line only.')).toEqual(['One line only.']);
    expect(storyParagraphs('\n\n')).toEqual([]);
  });
});
