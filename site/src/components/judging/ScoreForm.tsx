import { useId, useState, type FormEvent } from 'react';
import { SCORE_COMMENT_MAX, type Criterion, type ScoreInput } from '@writory/shared';
import { t } from '../../i18n/t';
import { apiErrorBody } from '../../lib/api';
import { draftTotal, emptyScoreDraft, invalidCriteria, toScoreInput } from '../../lib/scores';
import { FormAlert } from '../react/Message';

/** The contest's criteria (each 0 to the points it is out of), a live total and an optional comment; final once submitted. */
export default function ScoreForm({ code, criteria, onSubmit }: { code: string; criteria: Criterion[]; onSubmit(scores: ScoreInput): Promise<unknown> }) {
  const id = useId();
  const [draft, setDraft] = useState(() => emptyScoreDraft(criteria));
  const [comment, setComment] = useState('');
  const [invalid, setInvalid] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = invalidCriteria(criteria, draft);
    setInvalid(problems);
    if (problems.length) {
      document.getElementById(`${id}-${criteria.findIndex((criterion) => criterion.name === problems[0])}`)?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSubmit(toScoreInput(criteria, draft, comment));
    } catch (caught) {
      setError(apiErrorBody(caught)?.message ?? t('judging.submitFailed'));
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-labelledby={`${id}-heading`} data-testid="score-form">
      <h3 id={`${id}-heading`} className="font-serif text-lg font-bold">
        {t('judging.scoreHeading')}
      </h3>
      <p id={`${id}-help`} className="text-sm text-ink-soft">
        {t('judging.scoreHelp')}
      </p>
      <div className="grid gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {criteria.map(({ name, max }, index) => {
          // Ids by position: a criterion's name may hold spaces or any script.
          const field = `${id}-${index}`;
          const bad = invalid.includes(name);
          return (
            <div key={name} className="flex flex-col gap-1">
              <label htmlFor={field} className="text-sm font-semibold" dir="auto">
                {name}
              </label>
              <p id={`${field}-max`} className="text-xs text-ink-soft">
                {t('judging.criterionOutOf', { max })}
              </p>
              <input
                id={field}
                type="number"
                inputMode="numeric"
                min={0}
                max={max}
                step={1}
                required
                value={draft[name] ?? ''}
                onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
                aria-invalid={bad ? true : undefined}
                aria-describedby={bad ? `${field}-error ${field}-max ${id}-help` : `${field}-max ${id}-help`}
                className="min-h-11 rounded-md border border-stone-400 bg-white px-3 py-2 text-base aria-[invalid=true]:border-red-700"
              />
              {bad && (
                <p id={`${field}-error`} className="text-xs font-medium text-red-800">
                  {t('judging.criterionInvalid', { max })}
                </p>
              )}
            </div>
          );
        })}
      </div>
      <p className="font-semibold" aria-live="polite" data-testid="score-total">
        {t('judging.total', { total: draftTotal(criteria, draft) })}
      </p>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-comment`} className="text-sm font-semibold">
          {t('judging.comment')}
        </label>
        <textarea
          id={`${id}-comment`}
          rows={3}
          dir="auto"
          maxLength={SCORE_COMMENT_MAX}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          className="rounded-md border border-stone-400 bg-white px-3 py-2"
        />
      </div>
      <FormAlert>{error}</FormAlert>
      <button type="submit" className="btn btn-default" disabled={busy} aria-busy={busy} aria-describedby={`${id}-help`}>
        {busy ? t('judging.submitting') : `${t('judging.submit')} (${code})`}
      </button>
    </form>
  );
}
