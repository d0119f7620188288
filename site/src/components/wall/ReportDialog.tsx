import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { WALL_REPORT_NOTE_MAX, WALL_REPORT_REASONS, type NewWallReport, type WallReportReason } from '@writory/shared';
import { FormAlert, Notice } from '../react/Message';
import { apiErrorBody } from '../../lib/api';
import { $authStatus } from '../../stores/auth';
import { localHref } from '../../i18n/paths';

/** What a report dialog says, in the page's language (each kind of report has its own catalogue keys). */
export interface ReportWords {
  button: string;
  reported: string;
  title: ReactNode;
  why: string;
  reason: (reason: WallReportReason) => { label: string; hint?: string };
  note: string;
  noteOptional: string;
  choose: string;
  needsNote: string;
  failed: string;
  thanks: string;
  send: string;
  sending: string;
  cancel: string;
  close: string;
}

/**
 * "Report" on a wall poem or a comment: a dialog with the reasons and a note (needed for "other"); moderators see the
 * report, the poet never learns who sent it. Someone signed out is sent to sign in first, and back.
 */
export default function ReportDialog({ words, send, testId }: { words: ReportWords; send: (report: NewWallReport) => Promise<unknown>; testId: string }) {
  const status = useStore($authStatus);
  const dialog = useRef<HTMLDialogElement>(null);
  const formId = useId();
  const [reason, setReason] = useState<WallReportReason | ''>('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');

  const open = () => {
    if (status !== 'signed-in') {
      window.location.assign(localHref(`/auth?${new URLSearchParams({ next: `${window.location.pathname}${window.location.search}` })}`));
      return;
    }
    setProblem(null);
    dialog.current?.showModal();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) return setProblem(words.choose);
    if (reason === 'other' && !note.trim()) return setProblem(words.needsNote);
    setState('sending');
    setProblem(null);
    try {
      await send({ reason, ...(note.trim() ? { note } : {}) });
      setState('sent');
    } catch (error) {
      setState('idle');
      setProblem(apiErrorBody(error)?.message ?? words.failed);
    }
  };

  return (
    <>
      <button type="button" className="btn btn-ghost btn-sm" onClick={open} disabled={state === 'sent'} data-testid={testId}>
        {state === 'sent' ? words.reported : words.button}
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={`${formId}-title`}
        className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-lg border border-stone-300 bg-paper p-6 text-ink shadow-xl backdrop:bg-black/40"
      >
        <h2 id={`${formId}-title`} className="font-serif text-xl font-semibold">
          {words.title}
        </h2>
        {state === 'sent' ? (
          <div className="mt-4 space-y-4">
            <Notice>{words.thanks}</Notice>
            <button type="button" className="btn btn-default" onClick={() => dialog.current?.close()}>
              {words.close}
            </button>
          </div>
        ) : (
          <form onSubmit={submit} className="mt-4 space-y-4" noValidate>
            <FormAlert>{problem}</FormAlert>
            <fieldset>
              <legend className="text-sm font-semibold">{words.why}</legend>
              <div className="mt-2 space-y-2">
                {WALL_REPORT_REASONS.map((value) => {
                  const { label, hint } = words.reason(value);
                  return (
                    <label key={value} className="flex items-start gap-3 rounded-md border border-stone-300 bg-white p-3">
                      <input
                        type="radio"
                        name="reason"
                        value={value}
                        checked={reason === value}
                        onChange={() => setReason(value)}
                        className="mt-1"
                        aria-describedby={hint ? `${formId}-${value}` : undefined}
                      />
                      <span>
                        <span className="block font-semibold">{label}</span>
                        {hint && (
                          <span id={`${formId}-${value}`} className="block text-sm text-ink-soft">
                            {hint}
                          </span>
                        )}
                      </span>
                    </label>
                  );
                })}
              </div>
            </fieldset>
            <div className="flex flex-col gap-1">
              <label htmlFor={`${formId}-note`} className="text-sm font-semibold">
                {reason === 'other' ? words.note : words.noteOptional}
              </label>
              <textarea
                id={`${formId}-note`}
                value={note}
                onChange={(e) => setNote(e.target.value)}
                maxLength={WALL_REPORT_NOTE_MAX}
                rows={3}
                dir="auto"
                className="rounded-md border border-stone-400 bg-white px-3 py-2"
              />
            </div>
            <div className="flex flex-wrap gap-2">
              <button type="submit" className="btn btn-default" disabled={state === 'sending'}>
                {state === 'sending' ? words.sending : words.send}
              </button>
              <button type="button" className="btn btn-ghost" onClick={() => dialog.current?.close()}>
                {words.cancel}
              </button>
            </div>
          </form>
        )}
      </dialog>
    </>
  );
}
