// Admin tool: send one user a notification (POST /api/admin/notifications). It reaches their header bell live.
import { useId, useRef, useState, type FormEvent } from 'react';
import { NOTIFICATION_LINK_MAX, NOTIFICATION_MESSAGE_MAX, NOTIFICATION_TITLE_MAX } from '@writory/shared';
import { t } from '../i18n/t';
import { sendAdminNotification } from '../api/notifications';
import { fieldErrorsFrom } from '../lib/api';
import Field, { firstProblem } from '../components/react/Field';
import { FormAlert, Notice } from '../components/react/Message';
import { useFocusAfterAction } from '../components/react/useFocusAfterAction';

const FIELDS = ['recipient', 'title', 'message', 'link'] as const;
type FieldName = (typeof FIELDS)[number];

export default function AdminSendNotification() {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const focusAfter = useFocusAfterAction();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    const submitter = document.activeElement;
    const body = Object.fromEntries(new FormData(element)) as Record<FieldName, string>;
    setSending(true);
    setSentTo(null);
    setErrors({});
    setFormError(null);
    try {
      const result = await sendAdminNotification(body);
      setSentTo(result.recipient.name || result.recipient.email || result.recipient.uid);
      element.reset();
    } catch (error) {
      const problems = fieldErrorsFrom(error, FIELDS);
      setErrors(problems.fields);
      setFormError(problems.form ?? (Object.keys(problems.fields).length ? null : t('adminNotify.failed')));
      focusAfter(() => firstProblem(form.current), submitter);
    } finally {
      setSending(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="max-w-xl rounded-lg border border-stone-200 bg-white p-5">
      <h2 id={`${id}-title`} className="text-xl font-bold">
        {t('admin.notify.title')}
      </h2>
      <p className="mt-1 mb-4 text-sm text-ink-soft">{t('admin.notify.intro')}</p>
      <form ref={form} onSubmit={submit} noValidate className="space-y-4">
        <FormAlert>{formError}</FormAlert>
        <Field label={t('admin.notify.recipient')} name="recipient" required maxLength={254} autoComplete="off" error={errors.recipient} />
        <Field label={t('admin.notify.subject')} name="title" required maxLength={NOTIFICATION_TITLE_MAX} error={errors.title} />
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-message`} className="text-sm font-semibold text-ink">
            {t('admin.notify.message')}
          </label>
          <textarea
            id={`${id}-message`}
            name="message"
            required
            rows={3}
            maxLength={NOTIFICATION_MESSAGE_MAX}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={errors.message ? `${id}-message-error` : undefined}
            className="rounded-md border border-stone-400 bg-white px-3 py-2 text-base aria-[invalid=true]:border-red-700"
          />
          {errors.message && (
            <p id={`${id}-message-error`} className="text-sm font-medium text-red-800">
              {errors.message}
            </p>
          )}
        </div>
        <Field label={t('admin.notify.link')} name="link" maxLength={NOTIFICATION_LINK_MAX} placeholder="/profile" error={errors.link} />
        <button type="submit" className="btn btn-default" disabled={sending}>
          {t('admin.notify.send')}
        </button>
        <Notice>{sentTo ? t('admin.notify.sent', { who: sentTo }) : null}</Notice>
      </form>
    </section>
  );
}
