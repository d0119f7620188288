// @vitest-environment node
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { storyEn } from '../i18n/story.en';
import { entryNoun, loadStoryWords, storyWordsLoaded, tFor } from './entry-words';

describe('what an entry is called', () => {
  beforeAll(async () => {
    // Loaded on demand, once a story competition is chosen: until then a story's keys read as a poem's.
    expect(storyWordsLoaded()).toBe(false);
    expect(tFor('story', 'submit.poemLegend')).toBe('Your poem');
    await loadStoryWords();
  });

  it('says story for a story competition and poem otherwise', () => {
    expect(tFor('story', 'submit.poemLegend')).toBe('Your story');
    expect(tFor('poem', 'submit.poemLegend')).toBe('Your poem');
    expect(tFor(null, 'submit.confirm')).toBe('Submit my poem');
    expect(tFor('story', 'submit.confirm')).toBe('Submit my story');
    expect(tFor('story', 'submit.busyChecking', { wait: '5 seconds', attempt: 2 })).toBe(
      'Many entries are being checked right now. We’ll check yours again in 5 seconds (try 2): keep this page open.',
    );
    expect(entryNoun('story')).toBe('Story');
    expect(entryNoun('poem')).toBe('Poem');
  });

  it('falls back to the usual words where a story has none of its own', () => {
    expect(tFor('story', 'submit.title')).toBe('Title');
  });

  it('leaves no "poem" in a story’s words', () => {
    for (const [key, text] of Object.entries(storyEn)) expect(text, key).not.toMatch(/poem/i);
  });

  it('is used by every /submit component that says poem', () => {
    for (const file of ['components/entries/EntryForm.tsx', 'components/entries/EntryPreviewStep.tsx', 'components/entries/EntryReceipt.tsx']) {
      expect(readFileSync(join(import.meta.dirname, '..', file), 'utf8'), file).toContain('tFor(kind');
    }
  });
});
