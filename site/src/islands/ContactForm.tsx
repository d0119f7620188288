import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { focusFirstProblem } from '../components/react/Field';
import { useHydrated } from '../components/react/useHydrated';
import { CONTACT_LIMITS, type ContactField } from '@writory/shared';
import { sendContactMessage } from '../api/contact';
import { fieldErrorsFrom } from '../lib/api';
import { schemaProblems } from '../lib/form-schema';
import { formatNumber } from '../lib/format';
import { t } from '../i18n/t';

type Field = ContactField;
// Labels and hints are functions: read when shown, in the page's language (the server renders every language).
const FIELDS: { name: Field; label: () => string; type?: string; autoComplete?: string; hint?: () => string }[] = [
  { name: 'name', label: () => t('contactForm.name'), autoComplete: 'name' },
  { name: 'email', label: () => t('contactForm.email'), type: 'email', autoComplete: 'email' },
  { name: 'subject', label: () => t('contactForm.subject') },
  {
    name: 'message',
    label: () => t('contactForm.message'),
    hint: () => t('contactForm.messageHint', { min: formatNumber(CONTACT_LIMITS.message.min), max: formatNumber(CONTACT_LIMITS.message.max) }),
  },
];
const FIELD_NAMES = FIELDS.map((field) => field.name);

export default function ContactForm() {
  const id = useId();
  // Until hydrated, a click would submit the bare HTML form: a reload with the message in the address.
  const hydrated = useHydrated();
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [errors, setErrors] = useState<Partial<Record<Field | 'form', string>>>({});
  const [attempt, setAttempt] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const sent = useRef<HTMLDivElement>(null);

  // The send button is disabled while sending, which drops keyboard focus: put it where the answer is.
  useEffect(() => {
    if (attempt) focusFirstProblem(form.current);
  }, [attempt]);
  const again = useRef(false);
  useEffect(() => {
    if (status === 'sent') sent.current?.focus();
    if (status === 'idle' && again.current) form.current?.querySelector('input')?.focus();
    again.current = false;
  }, [status]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = Object.fromEntries(new FormData(form)) as Record<string, string>;
    const problems = await schemaProblems(
      import('@writory/shared/schemas/contact').then((schemas) => schemas.contactInput),
      data,
      FIELD_NAMES,
    );
    if (Object.keys(problems).length) {
      setErrors(problems);
      setAttempt((n) => n + 1);
      return;
    }
    setStatus('sending');
    setErrors({});
    try {
      await sendContactMessage(data);
      setStatus('sent');
      form.reset();
    } catch (error) {
      setStatus('idle');
      const problems = fieldErrorsFrom(error, FIELD_NAMES);
      const named = Object.keys(problems.fields).length > 0;
      setErrors({ ...problems.fields, ...(named ? {} : { form: problems.form ?? t('contactForm.failed') }) });
      setAttempt((n) => n + 1);
    }
  }

  if (status === 'sent') {
    return (
      <div ref={sent} tabIndex={-1} role="status" className="rounded-lg border border-green-300 bg-green-50 p-6 focus:outline-none" data-testid="contact-sent">
        <p className="font-semibold">{t('contactForm.sent')}</p>
        <p className="mt-1 text-sm">{t('contactForm.reply')}</p>
        <button
          type="button"
          className="btn btn-link mt-2 px-0"
          onClick={() => {
            again.current = true;
            setStatus('idle');
          }}
        >
          {t('contactForm.another')}
        </button>
      </div>
    );
  }
  return (
    <form ref={form} onSubmit={submit} noValidate className="space-y-4" aria-describedby={errors.form ? `${id}-form` : undefined}>
      {errors.form && (
        <p id={`${id}-form`} role="alert" tabIndex={-1} data-form-alert className="rounded bg-red-50 p-3 text-sm text-red-900">
          {errors.form}
        </p>
      )}
      {FIELDS.map((field) => {
        const inputId = `${id}-${field.name}`;
        const errorId = `${inputId}-error`;
        const hintId = `${inputId}-hint`;
        const describedBy = [field.hint && hintId, errors[field.name] && errorId].filter(Boolean).join(' ');
        const common = {
          id: inputId,
          name: field.name,
          required: true,
          minLength: CONTACT_LIMITS[field.name].min,
          maxLength: CONTACT_LIMITS[field.name].max,
          'aria-invalid': errors[field.name] ? true : undefined,
          'aria-describedby': describedBy || undefined,
          className: 'mt-1 w-full rounded-md border border-stone-400 bg-white px-3 py-2',
        };
        return (
          <div key={field.name}>
            <label htmlFor={inputId} className="block text-sm font-semibold">
              {field.label()}
            </label>
            {field.hint && (
              <p id={hintId} className="text-sm text-ink-soft">
                {field.hint()}
              </p>
            )}
            {field.name === 'message' ? (
              <textarea {...common} rows={6} dir="auto" />
            ) : (
              <input {...common} type={field.type ?? 'text'} autoComplete={field.autoComplete} dir="auto" />
            )}
            {errors[field.name] && (
              <p id={errorId} className="mt-1 text-sm text-red-800">
                {t('form.fieldProblem', { field: field.label(), problem: errors[field.name]! })}
              </p>
            )}
          </div>
        );
      })}
      {/* Honeypot: people never see or reach it; bots fill it. */}
      <div aria-hidden="true" className="absolute -start-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={`${id}-website`}>Website</label>
        <input id={`${id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <button type="submit" className="btn btn-default" disabled={!hydrated || status === 'sending'}>
        {status === 'sending' ? t('contactForm.sending') : t('contactForm.send')}
      </button>
    </form>
  );
}
