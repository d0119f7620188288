import { useId, useState, type FormEvent } from 'react';
import { DECLARATION_KEYS, DECLARATIONS, type CompetitionKind, type DeclarationKey, type EntryPreview } from '@writory/shared';
import { t } from '../../i18n/t';
import { countOf, nounForms } from '../../lib/format';
import { declarationFor, tFor } from '../../lib/entry-words';

import { FormAlert } from '../react/Message';

interface Props {
  preview: EntryPreview;
  /** Poem or story: how the declarations and the submit button name the entry. */
  kind?: CompetitionKind;
  /** The competition's word limit (stories), shown beside the count; null when it has none. */
  maxWords?: number | null;
  busy: boolean;
  formError: string | null;
  onBack(): void;
  onConfirm(declarations: DeclarationKey[]): void;
}

/** Step 2: the text judges will read, the declarations, and the final submit. */
export default function EntryPreviewStep({ preview, kind = 'poem', maxWords = null, busy, formError, onBack, onConfirm }: Props) {
  const id = useId();
  const [ticked, setTicked] = useState<Set<DeclarationKey>>(new Set());
  const [missing, setMissing] = useState(false);
  const toggle = (key: DeclarationKey) => {
    const next = new Set(ticked);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    setTicked(next);
    if (next.size === DECLARATION_KEYS.length) setMissing(false);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ticked.size < DECLARATION_KEYS.length) {
      setMissing(true);
      document.getElementById(`${id}-${DECLARATION_KEYS.find((key) => !ticked.has(key))}`)?.focus();
      return;
    }
    onConfirm([...ticked]);
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-6" data-testid="entry-preview">
      <section aria-labelledby={`${id}-text`} className="rounded-lg border border-stone-200 bg-white p-5">
        <h3 id={`${id}-text`} className="font-serif text-lg font-bold">
          {t('submit.previewHeading')}
        </h3>
        <p className="mt-1 text-sm text-ink-soft">{t('submit.previewHelp')}</p>
        {preview.redactions > 0 && (
          <p className="mt-2 rounded-md bg-amber-50 p-2 text-sm text-amber-900" data-testid="preview-redactions">
            {t('submit.previewRedacted', { places: countOf(preview.redactions, nounForms('place')) })}
          </p>
        )}
        {preview.hiddenRedactions > 0 && (
          <p className="mt-2 rounded-md bg-amber-50 p-2 text-sm text-amber-900" data-testid="preview-hidden-redactions">
            {t('submit.previewHiddenRedacted', { places: countOf(preview.hiddenRedactions, nounForms('place')) })}
          </p>
        )}
        {preview.warnings.length > 0 && (
          <div
            role="note"
            aria-labelledby={`${id}-warnings`}
            className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
            data-testid="preview-warnings"
          >
            <h4 id={`${id}-warnings`} className="font-bold">
              {t('submit.previewWarningsHeading')}
            </h4>
            <p className="mt-1">{t('submit.previewWarningsHelp')}</p>
            <ul className="mt-2 list-disc space-y-1 ps-5">
              {preview.warnings.map((warning, index) => (
                <li key={index} dir="auto">
                  {warning.message}
                </li>
              ))}
            </ul>
          </div>
        )}
        <div
          dir="auto"
          tabIndex={0}
          role="group"
          aria-label={t('submit.previewHeading')}
          className="mt-4 max-h-[28rem] overflow-auto whitespace-pre-wrap break-words rounded-md border border-stone-300 bg-paper p-4 font-serif text-lg leading-relaxed"
          data-testid="preview-text"
        >
          {preview.text}
        </div>
        <p className={`mt-2 text-xs ${maxWords && preview.wordCount > maxWords ? 'font-semibold text-red-800' : 'text-ink-soft'}`} data-testid="preview-words">
          {maxWords
            ? t('submit.previewWordsOf', { count: preview.wordCount.toLocaleString('en-GB'), max: maxWords.toLocaleString('en-GB') })
            : t('submit.previewWords', { count: preview.wordCount })}
        </p>
      </section>

      <fieldset
        className="space-y-3 rounded-lg border border-stone-200 bg-white p-5"
        aria-describedby={missing ? `${id}-missing` : `${id}-help`}
        data-testid="declarations"
      >
        <legend className="px-1 font-serif text-lg font-bold">{t('submit.declarations')}</legend>
        <p id={`${id}-help`} className="text-sm text-ink-soft">
          {t('submit.declarationsHelp')}
        </p>
        {DECLARATION_KEYS.map((key) => (
          <div key={key} className="flex items-start gap-3">
            <input
              id={`${id}-${key}`}
              type="checkbox"
              checked={ticked.has(key)}
              onChange={() => toggle(key)}
              aria-invalid={missing && !ticked.has(key) ? true : undefined}
              className="mt-1 h-5 w-5 shrink-0 accent-quill"
            />
            <label htmlFor={`${id}-${key}`} className="text-sm">
              {declarationFor(kind, DECLARATIONS[key])}
            </label>
          </div>
        ))}
        {missing && (
          <p id={`${id}-missing`} className="text-sm font-medium text-red-800">
            {t('submit.declarationsRequired')}
          </p>
        )}
      </fieldset>

      <FormAlert>{formError}</FormAlert>
      <div className="flex flex-wrap gap-3">
        <button type="button" className="btn btn-outline btn-lg" onClick={onBack} disabled={busy}>
          {t('submit.back')}
        </button>
        <button type="submit" className="btn btn-default btn-lg" disabled={busy} aria-busy={busy}>
          {busy ? t('submit.submitting') : tFor(kind, 'submit.confirm')}
        </button>
      </div>
    </form>
  );
}
