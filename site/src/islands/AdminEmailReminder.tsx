import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { REMINDER_AUDIENCES, type ReminderAudience, type ReminderPreview } from '@writory/shared';
import ScrollRegion from '../components/react/ScrollRegion';
import { FormAlert, Notice } from '../components/react/Message';
import { useAdminReady } from '../components/react/useAdminReady';
import { fieldErrorsFrom, problemOf } from '../lib/api';
import { schemaProblems } from '../lib/form-schema';
import { previewReminder } from '../api/reminders';
import { $reminderAudiences, $reminderHistory, $reminderSending, loadReminders, refreshReminderHistory, sendReminderOnce } from '../stores/reminders';
import { t } from '../i18n/t';
import { formatDateTime, formatNumber } from '../lib/format';
import { poetsCount } from '../lib/admin-words';
import { audienceMonth, audienceNote } from '../lib/reminder-text';

const FIELDS = ['subject', 'body', 'audience'] as const;
const POLL_MS = 1000;
const when = (iso: string | null) => (iso ? formatDateTime(iso) : '–');
const newKey = () => crypto.randomUUID();

const poets = poetsCount;
/** An audience's name in the page's language (an audience the site does not know yet: its id). */
const audienceName = (audience: string) => (audience in REMINDER_AUDIENCES ? t(`adminReminder.audience.${audience as ReminderAudience}`) : audience);

/**
 * /admin-email-reminder: write a reminder, choose who gets it (with how many poets that is now), preview who gets
 * it and the email as the cms renders it, confirm, and follow its sending. One Idempotency-Key per composed
 * reminder: a second click or a retry sends nothing more.
 */
export default function AdminEmailReminder() {
  const ready = useAdminReady();
  const id = useId();
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [audience, setAudience] = useState<ReminderAudience>('not-entered-this-month');
  const counts = useStore($reminderAudiences);
  const history = useStore($reminderHistory);
  const [errors, setErrors] = useState<Partial<Record<(typeof FIELDS)[number], string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [preview, setPreview] = useState<ReminderPreview | null>(null);
  const key = useRef(newKey());
  const previewHeading = useRef<HTMLHeadingElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (ready) loadReminders().catch((caught: unknown) => setFormError(problemOf(caught, t('adminReminder.loadFailed'))));
  }, [ready]);

  // While a reminder is sending, follow its progress.
  const sendingNow = useStore($reminderSending);
  useEffect(() => {
    if (!sendingNow) return;
    const timer = setInterval(() => void refreshReminderHistory(), POLL_MS);
    return () => clearInterval(timer);
  }, [sendingNow]);

  // A changed reminder is a new reminder: it gets a new key, and must be previewed again.
  const edit =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      key.current = newKey();
      setNotice(null);
      setPreview(null);
      set(value);
    };

  // Focus follows the step: the preview when it opens, the notice once sent.
  useEffect(() => {
    if (preview) previewHeading.current?.focus();
  }, [preview]);
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const showFailure = (caught: unknown, fallback: string) => {
    const found = fieldErrorsFrom(caught, FIELDS);
    setErrors(found.fields);
    setFormError(found.form ?? (Object.keys(found.fields).length ? null : problemOf(caught, fallback)));
  };

  const countOf = (which: ReminderAudience) => counts?.audiences.find((a) => a.id === which)?.count;
  const recipients = countOf(audience);

  const reminder = () => ({ subject: subject.trim(), body: body.trim(), audience });

  /** First step: the cms says who gets it and renders the email for the first of them; nothing is sent. */
  const check = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const problems: typeof errors = await schemaProblems(
      import('@writory/shared/schemas/admin').then((schemas) => schemas.reminderBody),
      reminder(),
      FIELDS,
    );
    setErrors(problems);
    setFormError(null);
    setNotice(null);
    if (Object.keys(problems).length > 0) return;
    setSending(true);
    try {
      setPreview(await previewReminder(reminder()));
    } catch (caught) {
      showFailure(caught, t('adminReminder.previewFailed'));
    } finally {
      setSending(false);
    }
  };

  /** Second step, after the preview: send once (the key makes a second click or a retry answer the first send). */
  const send = async () => {
    if (sending) return;
    setSending(true);
    setFormError(null);
    try {
      const record = await sendReminderOnce(reminder(), key.current);
      setNotice(t('adminReminder.sendingNotice', { subject: record.subject, poets: poets(record.recipients) }));
      setPreview(null);
      setSubject('');
      setBody('');
      key.current = newKey();
    } catch (caught) {
      setPreview(null);
      showFailure(caught, t('adminReminder.sendFailed'));
    } finally {
      setSending(false);
    }
  };

  if (!ready) return <p role="status">{t('admin.checking')}</p>;
  const input = 'w-full rounded-md border border-stone-400 bg-white px-3 py-2 aria-[invalid=true]:border-red-700';
  return (
    <div className="space-y-8" data-testid="admin-email-reminder">
      <form onSubmit={check} noValidate className="space-y-4 rounded-lg border border-stone-200 bg-white p-4" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="text-xl font-bold">
          {t('adminReminder.new')}
        </h2>
        <FormAlert>{formError}</FormAlert>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-subject`} className="text-sm font-semibold">
            {t('adminReminder.subject')}
          </label>
          <input
            id={`${id}-subject`}
            value={subject}
            onChange={(e) => edit(setSubject)(e.target.value)}
            maxLength={150}
            dir="auto"
            aria-invalid={errors.subject ? true : undefined}
            aria-describedby={errors.subject ? `${id}-subject-error` : undefined}
            className={`min-h-11 ${input}`}
          />
          {errors.subject && (
            <p id={`${id}-subject-error`} className="text-sm font-medium text-red-800">
              {errors.subject}
            </p>
          )}
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-body`} className="text-sm font-semibold">
            {t('adminReminder.message')}
          </label>
          <p id={`${id}-body-hint`} className="text-xs text-ink-soft">
            {t('adminReminder.messageHint')}
          </p>
          <textarea
            id={`${id}-body`}
            value={body}
            onChange={(e) => edit(setBody)(e.target.value)}
            rows={8}
            maxLength={10_000}
            dir="auto"
            aria-invalid={errors.body ? true : undefined}
            aria-describedby={`${id}-body-hint${errors.body ? ` ${id}-body-error` : ''}`}
            className={input}
          />
          {errors.body && (
            <p id={`${id}-body-error`} className="text-sm font-medium text-red-800">
              {errors.body}
            </p>
          )}
        </div>
        <fieldset>
          <legend className="text-sm font-semibold">{t('adminReminder.sendTo')}</legend>
          {counts && (
            <p className="text-sm text-ink-soft" data-testid="audience-note">
              {audienceNote(counts.month)}
            </p>
          )}
          <div className="mt-2 space-y-1">
            {(Object.keys(REMINDER_AUDIENCES) as ReminderAudience[]).map((option) => (
              <label key={option} className="flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  name={`${id}-audience`}
                  value={option}
                  checked={audience === option}
                  onChange={() => edit(setAudience)(option)}
                  className="h-5 w-5 accent-quill"
                />
                <span>
                  {audienceName(option)}
                  <span className="ms-2 text-sm text-ink-soft" data-testid={`audience-count-${option}`}>
                    {countOf(option) === undefined ? '' : poets(countOf(option) ?? 0)}
                  </span>
                </span>
              </label>
            ))}
          </div>
          {errors.audience && <p className="text-sm font-medium text-red-800">{errors.audience}</p>}
        </fieldset>
        {!preview && (
          <button type="submit" className="btn btn-default" disabled={sending || recipients === 0} aria-busy={sending}>
            {sending ? t('adminReminder.preparing') : t('adminReminder.preview')}
          </button>
        )}
        <Notice innerRef={noticeRef}>{notice}</Notice>
      </form>

      {preview && (
        <section aria-labelledby={`${id}-preview`} className="space-y-4 rounded-lg border-2 border-quill bg-white p-4" data-testid="reminder-preview">
          <h2 id={`${id}-preview`} ref={previewHeading} tabIndex={-1} className="text-xl font-bold focus:outline-none">
            {t('adminReminder.check')}
          </h2>
          <p data-testid="reminder-preview-audience">
            {t('adminReminder.goesTo', { poets: poets(preview.recipients), audience: audienceName(preview.audience), month: audienceMonth(preview.month) })}
          </p>
          <div>
            <h3 className="text-sm font-semibold">
              {preview.recipients > preview.sample.length
                ? t('adminReminder.firstOnes', { count: formatNumber(preview.sample.length) })
                : t('adminReminder.whoGetsIt')}
            </h3>
            <ul className="mt-1 list-disc ps-5 text-sm" data-testid="reminder-preview-recipients">
              {preview.sample.map((recipient) => (
                <li key={recipient.email}>
                  <span dir="auto">{recipient.name ?? t('adminReminder.noName')}</span>{' '}
                  <span className="break-all text-ink-soft">&lt;{recipient.email}&gt;</span>
                </li>
              ))}
            </ul>
            {preview.recipients > preview.sample.length && (
              <p className="mt-1 text-sm text-ink-soft">{t('adminReminder.andMore', { poets: poets(preview.recipients - preview.sample.length) })}</p>
            )}
          </div>
          <div>
            <h3 className="text-sm font-semibold">{t('adminReminder.emailAs', { email: preview.email.to })}</h3>
            <div className="mt-1 rounded-md border border-stone-300 bg-parchment p-3 text-sm" data-testid="reminder-preview-email">
              <p>
                <span className="font-semibold">{t('adminReminder.subjectLabel')}</span> <span dir="auto">{preview.email.subject}</span>
              </p>
              <pre className="mt-2 whitespace-pre-wrap break-words font-sans" dir="auto">
                {preview.email.text}
              </pre>
            </div>
          </div>
          <p className="flex flex-wrap gap-3">
            <button type="button" className="btn btn-default" onClick={() => void send()} disabled={sending} aria-busy={sending}>
              {sending ? t('adminReminder.sending') : t('adminReminder.sendToPoets', { poets: poets(preview.recipients) })}
            </button>
            <button
              type="button"
              className="btn btn-outline"
              onClick={() => {
                setPreview(null);
                document.getElementById(`${id}-subject`)?.focus();
              }}
              disabled={sending}
            >
              {t('adminReminder.change')}
            </button>
          </p>
        </section>
      )}

      <section aria-labelledby={`${id}-history`}>
        <h2 id={`${id}-history`} className="mb-3 text-xl font-bold">
          {t('adminReminder.history')}
        </h2>
        {history.length === 0 ? (
          <p>{t('adminReminder.noHistory')}</p>
        ) : (
          <ScrollRegion label={t('adminReminder.historyLabel')}>
            <table className="w-full min-w-[48rem] text-sm" data-testid="reminder-history">
              <thead className="bg-parchment">
                <tr>
                  {[
                    t('adminReminder.colSubject'),
                    t('adminReminder.colAudience'),
                    t('adminReminder.colStatus'),
                    t('adminReminder.colSent'),
                    t('adminReminder.colFailed'),
                    t('adminReminder.colStarted'),
                    t('adminReminder.colBy'),
                  ].map((heading) => (
                    <th key={heading} scope="col" className="p-2 text-start">
                      {heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {history.map((record) => (
                  <tr key={record.id} className="border-t border-stone-200 align-top" data-testid="reminder-row">
                    <th scope="row" className="p-2 text-start font-semibold">
                      <span dir="auto">{record.subject}</span>
                    </th>
                    <td className="p-2">
                      {audienceName(record.audience)} ({audienceMonth(record.month)})
                    </td>
                    <td className="p-2" data-testid="reminder-status">
                      {t(`adminReminder.status.${record.status}`)}
                    </td>
                    <td className="p-2 tabular-nums" data-testid="reminder-sent">
                      {t('adminReminder.sentOf', { sent: formatNumber(record.sent), total: formatNumber(record.recipients) })}
                    </td>
                    <td className="p-2">
                      {record.failed === 0 ? (
                        '0'
                      ) : (
                        <details>
                          <summary>{formatNumber(record.failed)}</summary>
                          <ul className="mt-1 space-y-1">
                            {record.failures.map((failure) => (
                              <li key={failure.email}>
                                <span className="break-all">{failure.email}</span>: {failure.error}
                              </li>
                            ))}
                          </ul>
                        </details>
                      )}
                    </td>
                    <td className="p-2">{when(record.createdAt)}</td>
                    <td className="p-2 break-all">{record.sentBy ?? '–'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </section>
    </div>
  );
}
