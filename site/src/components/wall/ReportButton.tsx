import { useId, useRef, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { WALL_REPORT_NOTE_MAX, WALL_REPORT_REASONS, type WallReportReason } from '@writory/shared';
import { FormAlert, Notice } from '../react/Message';
import { reportWallPost } from '../../api/wall';
import { apiErrorBody } from '../../lib/api';
import { $authStatus } from '../../stores/auth';

export const REASON_TEXT: Record<WallReportReason, { label: string; hint: string }> = {
  spam: { label: 'Spam', hint: 'Advertising, links or the same text again and again.' },
  hate: { label: 'Hate or bullying', hint: 'It attacks or mocks a person or a group.' },
  plagiarism: { label: 'Someone else’s poem', hint: 'It is copied from another writer.' },
  inappropriate: { label: 'Not suitable for young writers', hint: 'Writory is for poets from 13 years old.' },
  other: { label: 'Something else', hint: 'Tell the moderators what is wrong below.' },
};

/** "Report": a dialog with the reasons; moderators see the report, the poet never learns who sent it. */
export default function ReportButton({ id, title }: { id: number; title: string }) {
  const status = useStore($authStatus);
  const dialog = useRef<HTMLDialogElement>(null);
  const formId = useId();
  const [reason, setReason] = useState<WallReportReason | ''>('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');

  const open = () => {
    if (status !== 'signed-in') {
      window.location.assign(`/auth?${new URLSearchParams({ next: `${window.location.pathname}${window.location.search}` })}`);
      return;
    }
    setProblem(null);
    dialog.current?.showModal();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) return setProblem('Choose what is wrong with this poem.');
    if (reason === 'other' && !note.trim()) return setProblem('Tell the moderators what is wrong.');
    setState('sending');
    setProblem(null);
    try {
      await reportWallPost(id, { reason, ...(note.trim() ? { note } : {}) });
      setState('sent');
    } catch (error) {
      setState('idle');
      setProblem(apiErrorBody(error)?.message ?? 'We could not send your report. Check your connection and try again.');
    }
  };

  return (
    <>
      <button type="button" className="btn btn-ghost btn-sm" onClick={open} disabled={state === 'sent'} data-testid="report-button">
        {state === 'sent' ? 'Reported' : 'Report'}
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={`${formId}-title`}
        className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-lg border border-stone-300 bg-paper p-6 text-ink shadow-xl backdrop:bg-black/40"
      >
        <h2 id={`${formId}-title`} className="font-serif text-xl font-semibold">
          Report <span dir="auto">“{title}”</span>
        </h2>
        {state === 'sent' ? (
          <div className="mt-4 space-y-4">
            <Notice>Thank you. A moderator will look at this poem; the poet will not know who reported it.</Notice>
            <button type="button" className="btn btn-default" onClick={() => dialog.current?.close()}>
              Close
            </button>
          </div>
        ) : (
          <form onSubmit={submit} className="mt-4 space-y-4" noValidate>
            <FormAlert>{problem}</FormAlert>
            <fieldset>
              <legend className="text-sm font-semibold">What is wrong?</legend>
              <div className="mt-2 space-y-2">
                {WALL_REPORT_REASONS.map((value) => (
                  <label key={value} className="flex items-start gap-3 rounded-md border border-stone-300 bg-white p-3">
                    <input
                      type="radio"
                      name="reason"
                      value={value}
                      checked={reason === value}
                      onChange={() => setReason(value)}
                      className="mt-1"
                      aria-describedby={`${formId}-${value}`}
                    />
                    <span>
                      <span className="block font-semibold">{REASON_TEXT[value].label}</span>
                      <span id={`${formId}-${value}`} className="block text-sm text-ink-soft">
                        {REASON_TEXT[value].hint}
                      </span>
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
            <div className="flex flex-col gap-1">
              <label htmlFor={`${formId}-note`} className="text-sm font-semibold">
                Anything the moderators should know{reason === 'other' ? '' : ' (optional)'}
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
                {state === 'sending' ? 'Sending…' : 'Send report'}
              </button>
              <button type="button" className="btn btn-ghost" onClick={() => dialog.current?.close()}>
                Cancel
              </button>
            </div>
          </form>
        )}
      </dialog>
    </>
  );
}
