// The formatting buttons of the article editor: pure edits of a textarea's value and selection.

export type MarkdownFormat = 'bold' | 'italic' | 'heading' | 'quote' | 'list' | 'numbered' | 'link';

export interface TextState {
  value: string;
  selectionStart: number;
  selectionEnd: number;
}

const INLINE: Partial<Record<MarkdownFormat, { mark: string; placeholder: string }>> = {
  bold: { mark: '**', placeholder: 'bold text' },
  italic: { mark: '*', placeholder: 'italic text' },
};

const LINE_PREFIX: Partial<Record<MarkdownFormat, (index: number) => string>> = {
  heading: () => '## ',
  quote: () => '> ',
  list: () => '- ',
  numbered: (index) => `${index + 1}. `,
};

/** Applies a format to the selection (or inserts a placeholder to type over) and selects the text to edit. */
export function applyFormat({ value, selectionStart, selectionEnd }: TextState, format: MarkdownFormat): TextState {
  const selected = value.slice(selectionStart, selectionEnd);
  const before = value.slice(0, selectionStart);
  const after = value.slice(selectionEnd);

  const inline = INLINE[format];
  if (inline) {
    const text = selected || inline.placeholder;
    const start = selectionStart + inline.mark.length;
    return { value: `${before}${inline.mark}${text}${inline.mark}${after}`, selectionStart: start, selectionEnd: start + text.length };
  }

  if (format === 'link') {
    const text = selected || 'link text';
    const url = 'https://';
    const urlStart = selectionStart + text.length + 3;
    return { value: `${before}[${text}](${url})${after}`, selectionStart: urlStart, selectionEnd: urlStart + url.length };
  }

  // Line formats apply to every line the selection touches.
  const prefix = LINE_PREFIX[format]!;
  const lineStart = value.lastIndexOf('\n', selectionStart - 1) + 1;
  const nextBreak = value.indexOf('\n', Math.max(selectionEnd - (selectionEnd > selectionStart ? 1 : 0), selectionStart));
  const lineEnd = nextBreak === -1 ? value.length : nextBreak;
  const lines = value.slice(lineStart, lineEnd).split('\n');
  const changed = lines.map((line, index) => `${prefix(index)}${line.replace(/^(#{1,6} |> |- |\d+\. )/, '')}`).join('\n');
  return {
    value: `${value.slice(0, lineStart)}${changed}${value.slice(lineEnd)}`,
    selectionStart: lineStart + prefix(0).length,
    selectionEnd: lineStart + changed.length,
  };
}
