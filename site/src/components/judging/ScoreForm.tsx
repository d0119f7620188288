import { useId, useState, type FormEvent } from 'react';
import { CRITERIA, CRITERION_KEYS, CRITERION_MAX, SCORE_COMMENT_MAX, type CriterionKey, type ScoreInput } from '@writory/shared';
import { t } from '../../i18n/t';
import { apiErrorBody } from '../../lib/api';
import { draftTotal, emptyScoreDraft, invalidCriteria, toScoreInput } from '../../lib/scores';
import { FormAlert } from '../react/Message';

/** The five criteria (0–20 each), a live total and an optional comment; final once submitted. */
export default function ScoreForm({ code, onSubmit }: { code: string; onSubmit(scores: ScoreInput): Promise<unknown> }) {
  const id = useId();
  const [draft, setDraft] = useState(emptyScoreDraft);
  const [comment, setComment] = useState('');
  const [invalid, setInvalid] = useState<CriterionKey[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = invalidCriteria(draft);
    setInvalid(problems);
    if (problems.length) {
      document.getElementById(`${id}-${problems[0]}`)?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSubmit(toScoreInput(draft, comment));
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
      <div className="grid gap-3 sm:grid-cols-5">
        {CRITERION_KEYS.map((key) => (
          <div key={key} className="flex flex-col gap-1">
            <label htmlFor={`${id}-${key}`} className="text-sm font-semibold">
              {CRITERIA[key]}
            </label>
            <input
              id={`${id}-${key}`}
              type="number"
              inputMode="numeric"
              min={0}
              max={CRITERION_MAX}
              step={1}
              required
              value={draft[key]}
              onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
              aria-invalid={invalid.includes(key) ? true : undefined}
              aria-describedby={invalid.includes(key) ? `${id}-${key}-error ${id}-help` : `${id}-help`}
              className="min-h-11 rounded-md border border-stone-400 bg-white px-3 py-2 text-base aria-[invalid=true]:border-red-700"
            />
            {invalid.includes(key) && (
              <p id={`${id}-${key}-error`} className="text-xs font-medium text-red-800">
                {t('judging.criterionInvalid')}
              </p>
            )}
          </div>
        ))}
      </div>
      <p className="font-semibold" aria-live="polite" data-testid="score-total">
        {t('judging.total', { total: draftTotal(draft) })}
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
