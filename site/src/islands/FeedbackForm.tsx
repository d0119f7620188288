import { useId, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { useHydrated } from '../components/react/useHydrated';
import { FormAlert, Notice } from '../components/react/Message';
import { sendFeedback } from '../api/feedback';
import { fieldErrorsFrom, problemOf } from '../lib/api';
import { $authStatus, $identity } from '../stores/auth';
import { localHref } from '../i18n/paths';
import { t } from '../i18n/t';
import { formatNumber } from '../lib/format';

const RATINGS = [1, 2, 3, 4, 5] as const;

/** A poet rates Writory from 1 to 5 with an optional comment; admins read it on /admin-feedback. */
export default function FeedbackForm() {
  const hydrated = useHydrated();
  const status = useStore($authStatus);
  const identity = useStore($identity);
  const id = useId();
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [error, setError] = useState<string | null>(null);

  const heading = (
    <h2 id={`${id}-title`} className="font-serif text-2xl font-bold">
      {t('feedback.title')}
    </h2>
  );
  if (!hydrated || status === 'loading') return <section aria-labelledby={`${id}-title`}>{heading}</section>;
  if (status !== 'signed-in' || !identity) {
    return (
      <section aria-labelledby={`${id}-title`} className="space-y-2" data-testid="feedback-signed-out">
        {heading}
        <p className="text-ink-soft">
          {t('feedback.signedOut')}{' '}
          <a className="underline" href={localHref('/auth?next=/contact')}>
            {t('feedback.signIn')}
          </a>
        </p>
      </section>
    );
  }
  if (state === 'sent') {
    return (
      <section aria-labelledby={`${id}-title`} className="space-y-2">
        {heading}
        <Notice>{t('feedback.thanks')}</Notice>
      </section>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (rating === null) return setError(t('feedback.chooseRating'));
    setState('sending');
    setError(null);
    try {
      await sendFeedback({ rating, comment: comment.trim(), page: window.location.pathname });
      setState('sent');
    } catch (caught) {
      const found = fieldErrorsFrom(caught, ['rating', 'comment']);
      setError(Object.values(found.fields)[0] ?? problemOf(caught, t('feedback.failed')));
      setState('idle');
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} data-testid="feedback-form">
      {heading}
      <form onSubmit={submit} noValidate className="mt-3 space-y-4">
        <FormAlert>{error}</FormAlert>
        <fieldset>
          <legend className="text-sm font-semibold">{t('feedback.rating')}</legend>
          <div className="mt-1 flex flex-wrap gap-2">
            {RATINGS.map((value) => (
              <label
                key={value}
                className="flex min-h-11 cursor-pointer items-center gap-1 rounded-md border border-stone-300 px-3 has-[:checked]:border-quill has-[:checked]:bg-parchment"
              >
                <input
                  type="radio"
                  name={`${id}-rating`}
                  value={value}
                  checked={rating === value}
                  onChange={() => setRating(value)}
                  className="h-4 w-4 accent-quill"
                />
                <span aria-hidden="true">{'★'.repeat(value)}</span>
                <span className="sr-only">{t('feedback.outOf', { value: formatNumber(value) })}</span>
                <span className="text-sm">{t(`feedback.word.${value}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-comment`} className="text-sm font-semibold">
            {t('feedback.comment')}
          </label>
          <textarea
            id={`${id}-comment`}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            rows={4}
            maxLength={2000}
            dir="auto"
            className="rounded-md border border-stone-400 bg-white px-3 py-2"
          />
        </div>
        <button type="submit" className="btn btn-default" disabled={state === 'sending'}>
          {state === 'sending' ? t('feedback.sending') : t('feedback.send')}
        </button>
      </form>
    </section>
  );
}
