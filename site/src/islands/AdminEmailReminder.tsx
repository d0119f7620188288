import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { REMINDER_AUDIENCES, type ReminderAudience, type ReminderAudienceCounts, type ReminderRecord } from '@writory/shared';
import ScrollRegion from '../components/react/ScrollRegion';
import { FormAlert, Notice } from '../components/react/Message';
import { useAdminReady } from '../components/react/useAdminReady';
import { fieldErrorsFrom, problemOf } from '../lib/api';
import { adminApi } from '../lib/admin-api';
import { t } from '../i18n/t';
import { formatDateTime } from '../lib/format';

const FIELDS = ['subject', 'body', 'audience'] as const;
const POLL_MS = 1000;
const STATUS_TEXT: Record<ReminderRecord['status'], string> = { sending: 'Sending…', sent: 'Sent', failed: 'Failed', interrupted: 'Interrupted' };
const when = (iso: string | null) => (iso ? formatDateTime(iso) : '–');
const newKey = () => crypto.randomUUID();

/**
 * /admin-email-reminder: write a reminder, choose who gets it (with how many poets that is now), send it once,
 * and follow its sending. One Idempotency-Key per composed reminder: a second click or a retry sends nothing more.
 */
export default function AdminEmailReminder() {
  const ready = useAdminReady();
  const id = useId();
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [audience, setAudience] = useState<ReminderAudience>('not-entered-this-month');
  const [counts, setCounts] = useState<ReminderAudienceCounts | null>(null);
  const [history, setHistory] = useState<ReminderRecord[]>([]);
  const [errors, setErrors] = useState<Partial<Record<(typeof FIELDS)[number], string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const key = useRef(newKey());

  const refresh = useCallback(async () => {
    try {
      const [audiences, sent] = await Promise.all([adminApi.audiences(), adminApi.reminders()]);
      setCounts(audiences);
      setHistory(sent.reminders);
    } catch (caught) {
      setFormError(problemOf(caught, 'We couldn’t load the audiences. Try again.'));
    }
  }, []);
  useEffect(() => {
    if (ready) void refresh();
  }, [ready, refresh]);

  // While a reminder is sending, follow its progress.
  const sendingNow = history.some((r) => r.status === 'sending');
  useEffect(() => {
    if (!sendingNow) return;
    const timer = setInterval(() => {
      void adminApi.reminders().then((sent) => setHistory(sent.reminders), () => undefined);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [sendingNow]);

  // A changed reminder is a new reminder: it gets a new key.
  const edit = <T,>(set: (value: T) => void) => (value: T) => {
    key.current = newKey();
    setNotice(null);
    set(value);
  };

  const countOf = (which: ReminderAudience) => counts?.audiences.find((a) => a.id === which)?.count;
  const recipients = countOf(audience);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const problems: typeof errors = {};
    if (!subject.trim()) problems.subject = 'Write a subject.';
    if (!body.trim()) problems.body = 'Write the message.';
    setErrors(problems);
    setFormError(null);
    if (Object.keys(problems).length > 0) return;
    setSending(true);
    try {
      const record = await adminApi.sendReminder({ subject: subject.trim(), body: body.trim(), audience }, key.current);
      setNotice(`Sending “${record.subject}” to ${record.recipients} ${record.recipients === 1 ? 'poet' : 'poets'}.`);
      setHistory((current) => [record, ...current.filter((r) => r.id !== record.id)]);
      setSubject('');
      setBody('');
      key.current = newKey();
    } catch (caught) {
      const found = fieldErrorsFrom(caught, FIELDS);
      setErrors(found.fields);
      setFormError(found.form ?? (Object.keys(found.fields).length ? null : problemOf(caught, 'We couldn’t send the reminder. Try again.')));
    } finally {
      setSending(false);
    }
  };

  if (!ready) return <p role="status">{t('admin.checking')}</p>;
  const input = 'w-full rounded-md border border-stone-400 bg-white px-3 py-2 aria-[invalid=true]:border-red-700';
  return (
    <div className="space-y-8" data-testid="admin-email-reminder">
      <form onSubmit={send} noValidate className="space-y-4 rounded-lg border border-stone-200 bg-white p-4" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="text-xl font-bold">New reminder</h2>
        <FormAlert>{formError}</FormAlert>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-subject`} className="text-sm font-semibold">Subject</label>
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
          {errors.subject && <p id={`${id}-subject-error`} className="text-sm font-medium text-red-800">{errors.subject}</p>}
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-body`} className="text-sm font-semibold">Message</label>
          <p id={`${id}-body-hint`} className="text-xs text-ink-soft">Plain text. {'{name}'} becomes each poet’s name. Every email ends with how to turn reminders off.</p>
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
          {errors.body && <p id={`${id}-body-error`} className="text-sm font-medium text-red-800">{errors.body}</p>}
        </div>
        <fieldset>
          <legend className="text-sm font-semibold">Send to {counts ? `(poets who turned reminders off are left out; month ${counts.month})` : ''}</legend>
          <div className="mt-2 space-y-1">
            {(Object.keys(REMINDER_AUDIENCES) as ReminderAudience[]).map((option) => (
              <label key={option} className="flex min-h-11 items-center gap-2">
                <input type="radio" name={`${id}-audience`} value={option} checked={audience === option} onChange={() => edit(setAudience)(option)} className="h-5 w-5 accent-quill" />
                <span>
                  {REMINDER_AUDIENCES[option]}
                  <span className="ms-2 text-sm text-ink-soft" data-testid={`audience-count-${option}`}>
                    {countOf(option) === undefined ? '' : `${countOf(option)} ${countOf(option) === 1 ? 'poet' : 'poets'}`}
                  </span>
                </span>
              </label>
            ))}
          </div>
          {errors.audience && <p className="text-sm font-medium text-red-800">{errors.audience}</p>}
        </fieldset>
        <button type="submit" className="btn btn-default" disabled={sending || recipients === 0} aria-busy={sending}>
          {sending ? 'Sending…' : recipients === undefined ? 'Send reminder' : `Send to ${recipients} ${recipients === 1 ? 'poet' : 'poets'}`}
        </button>
        <Notice>{notice}</Notice>
      </form>

      <section aria-labelledby={`${id}-history`}>
        <h2 id={`${id}-history`} className="mb-3 text-xl font-bold">Sent reminders</h2>
        {history.length === 0 ? (
          <p>No reminder has been sent yet.</p>
        ) : (
          <ScrollRegion label="Sent reminders table">
            <table className="w-full min-w-[48rem] text-sm" data-testid="reminder-history">
              <thead className="bg-parchment">
                <tr>
                  {['Subject', 'Audience', 'Status', 'Sent', 'Failed', 'Started', 'By'].map((heading) => (
                    <th key={heading} scope="col" className="p-2 text-start">{heading}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {history.map((record) => (
                  <tr key={record.id} className="border-t border-stone-200 align-top" data-testid="reminder-row">
                    <th scope="row" className="p-2 text-start font-semibold" dir="auto">{record.subject}</th>
                    <td className="p-2">{REMINDER_AUDIENCES[record.audience] ?? record.audience} ({record.month})</td>
                    <td className="p-2" data-testid="reminder-status">{STATUS_TEXT[record.status]}</td>
                    <td className="p-2 tabular-nums" data-testid="reminder-sent">{record.sent} of {record.recipients}</td>
                    <td className="p-2">
                      {record.failed === 0 ? (
                        '0'
                      ) : (
                        <details>
                          <summary>{record.failed}</summary>
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
