// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { applyFormat, type MarkdownFormat, type TextState } from './markdown-edit';

/** "a[b]c" marks the selection with brackets, to write cases compactly. */
function state(marked: string): TextState {
  const selectionStart = marked.indexOf('[');
  const selectionEnd = marked.indexOf(']') - 1;
  return { value: marked.replace('[', '').replace(']', ''), selectionStart, selectionEnd };
}
const show = ({ value, selectionStart, selectionEnd }: TextState) =>
  `${value.slice(0, selectionStart)}[${value.slice(selectionStart, selectionEnd)}]${value.slice(selectionEnd)}`;

describe('applyFormat', () => {
  it.each<[MarkdownFormat, string, string]>([
    ['bold', 'a [word] here', 'a **[word]** here'],
    ['bold', 'end[]', 'end**[bold text]**'],
    ['italic', '[x]', '*[x]*'],
    ['link', 'see [the rules]!', 'see [the rules]([https://])!'],
    ['link', '[]', '[link text]([https://])'],
    ['heading', 'one\ntw[]o\nthree', 'one\n## [two]\nthree'],
    ['heading', '> [quoted]', '## [quoted]'],
    ['quote', '[first\nsecond]', '> [first\n> second]'],
    ['list', 'x\n[a\nb]\ny', 'x\n- [a\n- b]\ny'],
    ['numbered', '[a\n- b\nc]', '1. [a\n2. b\n3. c]'],
  ])('%s: %j → %j', (format, before, after) => {
    expect(show(applyFormat(state(before), format))).toBe(after);
  });
});
