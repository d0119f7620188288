import { useId, useRef, useState, type FormEvent } from 'react';
import { WALL_REPORT_NOTE_MAX, WALL_REPORT_REASONS, type WallReportReason } from '@writory/shared';
import { FormAlert, Notice } from '../../react/Message';
import { reportComment } from '../../../api/comments';
import { apiErrorBody } from '../../../lib/api';
import { t } from '../../../i18n/t';

/** "Report" on a comment: a dialog with the reasons; moderators see it, the comment's poet never learns who sent it. */
export default function CommentReport({ id, author }: { id: number; author: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const formId = useId();
  const [reason, setReason] = useState<WallReportReason | ''>('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) return setProblem(t('comments.reportChoose'));
    if (reason === 'other' && !note.trim()) return setProblem(t('comments.reportNeedsNote'));
    setState('sending');
    setProblem(null);
    try {
      await reportComment(id, { reason, ...(note.trim() ? { note } : {}) });
      setState('sent');
    } catch (error) {
      setState('idle');
      setProblem(apiErrorBody(error)?.message ?? t('comments.reportFailed'));
    }
  };

  return (
    <>
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        onClick={() => dialog.current?.showModal()}
        disabled={state === 'sent'}
        data-testid="comment-report-button"
      >
        {state === 'sent' ? t('comments.reported') : t('comments.report')}
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={`${formId}-title`}
        className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-lg border border-stone-300 bg-paper p-6 text-ink shadow-xl backdrop:bg-black/40"
      >
        <h2 id={`${formId}-title`} className="font-serif text-xl font-semibold">
          {t('comments.reportTitle', { name: author })}
        </h2>
        {state === 'sent' ? (
          <div className="mt-4 space-y-4">
            <Notice>{t('comments.reportThanks')}</Notice>
            <button type="button" className="btn btn-default" onClick={() => dialog.current?.close()}>
              {t('comments.close')}
            </button>
          </div>
        ) : (
          <form onSubmit={submit} className="mt-4 space-y-4" noValidate>
            <FormAlert>{problem}</FormAlert>
            <fieldset>
              <legend className="text-sm font-semibold">{t('comments.reportWhy')}</legend>
              <div className="mt-2 space-y-2">
                {WALL_REPORT_REASONS.map((value) => (
                  <label key={value} className="flex items-center gap-3 rounded-md border border-stone-300 bg-white p-3">
                    <input type="radio" name="reason" value={value} checked={reason === value} onChange={() => setReason(value)} />
                    <span className="font-semibold">{t(`comments.reason.${value}`)}</span>
                  </label>
                ))}
              </div>
            </fieldset>
            <div className="flex flex-col gap-1">
              <label htmlFor={`${formId}-note`} className="text-sm font-semibold">
                {reason === 'other' ? t('comments.reportNote') : t('comments.reportNoteOptional')}
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
                {state === 'sending' ? t('comments.reportSending') : t('comments.reportSend')}
              </button>
              <button type="button" className="btn btn-ghost" onClick={() => dialog.current?.close()}>
                {t('comments.cancel')}
              </button>
            </div>
          </form>
        )}
      </dialog>
    </>
  );
}
