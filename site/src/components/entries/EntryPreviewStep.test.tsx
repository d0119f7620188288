import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { EntryPreview } from '@writory/shared';
import EntryPreviewStep from './EntryPreviewStep';

const preview = (extra: Partial<EntryPreview> = {}): EntryPreview => ({
  kind: 'docx',
  text: 'Monsoon Hands\n[name removed]\n\nand the verse of the rain',
  wordCount: 9,
  textSha256: 'a'.repeat(64),
  redactions: 1,
  hiddenRedactions: 2,
  warnings: [],
  ...extra,
});

const show = (value: EntryPreview) =>
  render(<EntryPreviewStep preview={value} busy={false} formError={null} onBack={() => undefined} onConfirm={() => undefined} />);

describe('EntryPreviewStep', () => {
  afterEach(cleanup);

  it('lists what the poet should check in their file, as a labelled note', () => {
    show(
      preview({
        warnings: [
          { code: 'name-part', line: 4, message: 'Line 4 has “verse”, part of your name. If it refers to you, remove it from your file.' },
          { code: 'images', message: 'Your file has a picture.' },
        ],
      }),
    );
    const note = screen.getByRole('note', { name: 'Please check your file before you enter' });
    expect(
      within(note)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Line 4 has “verse”, part of your name. If it refers to you, remove it from your file.', 'Your file has a picture.']);
    expect(screen.getByTestId('preview-hidden-redactions').textContent).toMatch(/from 2 places judges do not read here: headers, footers, comments/);
  });

  it('shows contact details found in the poem on their line, so the poet can remove them (issue 35)', () => {
    const message =
      'Line 2 has “+44 7700 900123”, which looks like a phone number. Judges must not learn who wrote the poem: if it leads to you or anyone you know, remove it from your file.';
    show(preview({ text: 'Monsoon Hands\nring +44 7700 900123', warnings: [{ code: 'contact', line: 2, message }] }));
    const note = screen.getByRole('note', { name: 'Please check your file before you enter' });
    expect(
      within(note)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([message]);
  });

  it('shows no note when there is nothing to check', () => {
    show(preview({ hiddenRedactions: 0 }));
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.queryByTestId('preview-hidden-redactions')).toBeNull();
    expect(screen.getByTestId('preview-text').textContent).toBe('Monsoon Hands\n[name removed]\n\nand the verse of the rain');
  });
});

describe('EntryPreviewStep with a word limit (stories)', () => {
  afterEach(cleanup);

  it('counts the words against the limit, and marks a count over it', () => {
    const { rerender } = render(
      <EntryPreviewStep
        preview={preview({ wordCount: 4200 })}
        maxWords={5000}
        busy={false}
        formError={null}
        onBack={() => undefined}
        onConfirm={() => undefined}
      />,
    );
    expect(screen.getByTestId('preview-words').textContent).toBe('4,200 words of at most 5,000');
    expect(screen.getByTestId('preview-words').className).not.toContain('text-red-800');
    rerender(
      <EntryPreviewStep
        preview={preview({ wordCount: 5412 })}
        maxWords={5000}
        busy={false}
        formError={null}
        onBack={() => undefined}
        onConfirm={() => undefined}
      />,
    );
    expect(screen.getByTestId('preview-words').className).toContain('text-red-800');
  });
});
