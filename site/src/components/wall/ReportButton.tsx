import { useId, useRef, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { WALL_REPORT_NOTE_MAX, WALL_REPORT_REASONS, type WallReportReason } from '@writory/shared';
import { FormAlert, Notice } from '../react/Message';
import { reportWallPost } from '../../api/wall';
import { apiErrorBody } from '../../lib/api';
import { $authStatus } from '../../stores/auth';
import { localHref } from '../../i18n/paths';
import { around } from '../../i18n/around';
import { t } from '../../i18n/t';

/** A report reason's name and what it covers, in the page's language. */
export const reasonText = (reason: WallReportReason) => ({ label: t(`wall.reason.${reason}`), hint: t(`wall.reason.${reason}Hint`) });

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
      window.location.assign(localHref(`/auth?${new URLSearchParams({ next: `${window.location.pathname}${window.location.search}` })}`));
      return;
    }
    setProblem(null);
    dialog.current?.showModal();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) return setProblem(t('wall.report.choose'));
    if (reason === 'other' && !note.trim()) return setProblem(t('wall.report.needsNote'));
    setState('sending');
    setProblem(null);
    try {
      await reportWallPost(id, { reason, ...(note.trim() ? { note } : {}) });
      setState('sent');
    } catch (error) {
      setState('idle');
      setProblem(apiErrorBody(error)?.message ?? t('wall.report.failed'));
    }
  };

  return (
    <>
      <button type="button" className="btn btn-ghost btn-sm" onClick={open} disabled={state === 'sent'} data-testid="report-button">
        {state === 'sent' ? t('wall.report.reported') : t('wall.report.button')}
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={`${formId}-title`}
        className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-lg border border-stone-300 bg-paper p-6 text-ink shadow-xl backdrop:bg-black/40"
      >
        <h2 id={`${formId}-title`} className="font-serif text-xl font-semibold">
          {around(t('wall.report.title'), { title: <span dir="auto">“{title}”</span> })}
        </h2>
        {state === 'sent' ? (
          <div className="mt-4 space-y-4">
            <Notice>{t('wall.report.thanks')}</Notice>
            <button type="button" className="btn btn-default" onClick={() => dialog.current?.close()}>
              {t('wall.report.close')}
            </button>
          </div>
        ) : (
          <form onSubmit={submit} className="mt-4 space-y-4" noValidate>
            <FormAlert>{problem}</FormAlert>
            <fieldset>
              <legend className="text-sm font-semibold">{t('wall.report.why')}</legend>
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
                      <span className="block font-semibold">{reasonText(value).label}</span>
                      <span id={`${formId}-${value}`} className="block text-sm text-ink-soft">
                        {reasonText(value).hint}
                      </span>
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
            <div className="flex flex-col gap-1">
              <label htmlFor={`${formId}-note`} className="text-sm font-semibold">
                {t(reason === 'other' ? 'wall.report.note' : 'wall.report.noteOptional')}
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
                {state === 'sending' ? t('wall.report.sending') : t('wall.report.send')}
              </button>
              <button type="button" className="btn btn-ghost" onClick={() => dialog.current?.close()}>
                {t('wall.report.cancel')}
              </button>
            </div>
          </form>
        )}
      </dialog>
    </>
  );
}
