import { useId, useRef, useState } from 'react';
import { RECUSAL_NOTE_MAX } from '@writory/shared';
import { t } from '../../i18n/t';
import { problemOf } from '../../lib/api';
import { Failure } from '../react/States';

/** "I recognise this poem or its author": the judge steps back from the entry, with an optional private note. */
export default function RecuseForm({ code, onRecuse }: { code: string; onRecuse(note: string): Promise<void> }) {
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const noteId = useId();
  const helpId = useId();
  const toggle = useRef<HTMLButtonElement>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onRecuse(note);
    } catch (failure) {
      setError(t('judging.recuseFailed', { reason: problemOf(failure, '') }).trim());
      setBusy(false);
    }
  };
  const cancel = () => {
    setOpen(false);
    toggle.current?.focus();
  };

  if (!open) {
    return (
      <button ref={toggle} type="button" className="btn btn-ghost btn-sm" aria-expanded="false" onClick={() => setOpen(true)}>
        {t('judging.recuse')}
      </button>
    );
  }
  return (
    <form onSubmit={submit} className="space-y-2 rounded-md border border-stone-300 p-3" aria-label={t('judging.recuse')} data-testid="recuse-form">
      <p id={helpId} className="text-sm text-ink-soft">
        {t('judging.recuseHelp')}
      </p>
      <label htmlFor={noteId} className="block text-sm font-semibold">
        {t('judging.recuseNote')}
      </label>
      <textarea
        id={noteId}
        aria-describedby={helpId}
        rows={3}
        dir="auto"
        className="w-full rounded-md border border-stone-400 bg-white px-3 py-2"
        maxLength={RECUSAL_NOTE_MAX}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        // biome-ignore lint/a11y/noAutofocus: the note is the only field of the form the judge just opened
        autoFocus
      />
      {error && <Failure>{error}</Failure>}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-destructive btn-sm" disabled={busy}>
          {t('judging.recuseConfirm')} ({code})
        </button>
        <button type="button" className="btn btn-outline btn-sm" onClick={cancel}>
          {t('judging.recuseCancel')}
        </button>
      </div>
    </form>
  );
}
