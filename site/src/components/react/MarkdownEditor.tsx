import { useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import Blocks from '../content/Blocks';
import { previewArticle } from '../../api/articles';
import { apiErrorBody } from '../../lib/api';
import { applyFormat, type MarkdownFormat } from '../../lib/markdown-edit';
import { t } from '../../i18n/t';
import type { MessageKey } from '../../i18n/en';

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  maxLength: number;
}

const BUTTONS: { format: MarkdownFormat; key: MessageKey; className?: string }[] = [
  { format: 'bold', key: 'writer.bold', className: 'font-bold' },
  { format: 'italic', key: 'writer.italic', className: 'italic' },
  { format: 'heading', key: 'writer.heading' },
  { format: 'quote', key: 'writer.quote' },
  { format: 'list', key: 'writer.list' },
  { format: 'numbered', key: 'writer.numbered' },
  { format: 'link', key: 'writer.link' },
];

/**
 * A Markdown textarea with formatting buttons and a preview of exactly what will be stored: the server
 * converts the text to blocks (POST /api/admin/articles/preview) and the site's own renderer shows them.
 */
export default function MarkdownEditor({ label, value, onChange, error, maxLength }: Props) {
  const id = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  const [preview, setPreview] = useState<{ state: 'closed' | 'loading' | 'shown' | 'failed'; blocks?: unknown[]; minutes?: number; message?: string }>({
    state: 'closed',
  });

  // A preview shows the text as it was when asked for; editing closes it.
  useEffect(() => setPreview((current) => (current.state === 'closed' ? current : { state: 'closed' })), [value]);

  const format = (kind: MarkdownFormat) => {
    const textarea = area.current;
    if (!textarea) return;
    const next = applyFormat({ value, selectionStart: textarea.selectionStart, selectionEnd: textarea.selectionEnd }, kind);
    // Rendered now, so the caret can be placed (and typing continue) right away.
    flushSync(() => onChange(next.value));
    textarea.focus();
    textarea.setSelectionRange(next.selectionStart, next.selectionEnd);
  };

  const showPreview = async () => {
    if (preview.state !== 'closed') return setPreview({ state: 'closed' });
    setPreview({ state: 'loading' });
    try {
      const answer = await previewArticle(value);
      setPreview({ state: 'shown', blocks: answer.blocks, minutes: answer.readingMinutes });
    } catch (caught) {
      setPreview({ state: 'failed', message: apiErrorBody(caught)?.message.replace(/^body: /, '') ?? t('writer.previewFailed') });
    }
  };

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
      </label>
      <p id={hintId} className="text-xs text-ink-soft">
        {t('writer.bodyHint')}
      </p>
      <div role="group" aria-label={t('writer.formatting')} className="flex flex-wrap gap-1 rounded-t-md border border-b-0 border-stone-400 bg-parchment p-1">
        {BUTTONS.map((button) => (
          <button key={button.format} type="button" className={`btn btn-ghost btn-sm ${button.className ?? ''}`} onClick={() => format(button.format)}>
            {t(button.key)}
          </button>
        ))}
      </div>
      <textarea
        id={id}
        ref={area}
        name="body"
        rows={16}
        dir="auto"
        maxLength={maxLength}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        className="min-h-64 rounded-b-md border border-stone-400 bg-white px-3 py-2 font-mono text-sm text-ink aria-[invalid=true]:border-red-700 aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-red-700"
      />
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-800">
          {error}
        </p>
      )}
      <div className="mt-2">
        <button
          type="button"
          className="btn btn-outline btn-sm"
          aria-expanded={preview.state !== 'closed'}
          aria-controls={`${id}-preview`}
          onClick={showPreview}
          disabled={!value.trim()}
        >
          {preview.state === 'closed' ? t('writer.preview') : t('writer.closePreview')}
        </button>
      </div>
      <section
        id={`${id}-preview`}
        aria-label={t('writer.previewLabel')}
        aria-live="polite"
        hidden={preview.state === 'closed'}
        className="mt-2 rounded-md border border-stone-300 bg-paper p-4"
      >
        {preview.state === 'loading' && <p className="text-sm text-ink-soft">{t('common.loading')}</p>}
        {preview.state === 'failed' && <p className="text-sm font-medium text-red-800">{preview.message}</p>}
        {preview.state === 'shown' && (
          <>
            <p className="mb-3 text-xs text-ink-soft">{t('writer.readingTime', { minutes: preview.minutes ?? 1 })}</p>
            <div className="text-lg text-ink" dir="auto" data-testid="article-preview">
              <Blocks content={preview.blocks ?? []} />
            </div>
          </>
        )}
      </section>
    </div>
  );
}
