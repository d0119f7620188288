import { useId, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { useHydrated } from '../components/react/useHydrated';
import { FormAlert, Notice } from '../components/react/Message';
import { sendFeedback } from '../api/feedback';
import { fieldErrorsFrom, problemOf } from '../lib/api';
import { $authStatus, $identity } from '../stores/auth';
import { localHref } from '../i18n/paths';

const RATINGS = [1, 2, 3, 4, 5] as const;
const WORDS: Record<number, string> = { 1: 'Poor', 2: 'Fair', 3: 'Good', 4: 'Very good', 5: 'Excellent' };

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
      How is Writory for you?
    </h2>
  );
  if (!hydrated || status === 'loading') return <section aria-labelledby={`${id}-title`}>{heading}</section>;
  if (status !== 'signed-in' || !identity) {
    return (
      <section aria-labelledby={`${id}-title`} className="space-y-2" data-testid="feedback-signed-out">
        {heading}
        <p className="text-ink-soft">
          Poets can rate Writory and tell us what to improve.{' '}
          <a className="underline" href={localHref('/auth?next=/contact')}>
            Sign in to send feedback
          </a>
          .
        </p>
      </section>
    );
  }
  if (state === 'sent') {
    return (
      <section aria-labelledby={`${id}-title`} className="space-y-2">
        {heading}
        <Notice>Thank you! Your feedback reached the Writory team.</Notice>
      </section>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (rating === null) return setError('Choose a rating from 1 to 5 stars.');
    setState('sending');
    setError(null);
    try {
      await sendFeedback({ rating, comment: comment.trim(), page: window.location.pathname });
      setState('sent');
    } catch (caught) {
      const found = fieldErrorsFrom(caught, ['rating', 'comment']);
      setError(Object.values(found.fields)[0] ?? problemOf(caught, 'We couldn’t send your feedback. Try again.'));
      setState('idle');
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} data-testid="feedback-form">
      {heading}
      <form onSubmit={submit} noValidate className="mt-3 space-y-4">
        <FormAlert>{error}</FormAlert>
        <fieldset>
          <legend className="text-sm font-semibold">Your rating</legend>
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
                <span className="sr-only">{`${value} out of 5`}</span>
                <span className="text-sm">{WORDS[value]}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-comment`} className="text-sm font-semibold">
            What should we keep or change? (optional)
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
          {state === 'sending' ? 'Sending…' : 'Send feedback'}
        </button>
      </form>
    </section>
  );
}
