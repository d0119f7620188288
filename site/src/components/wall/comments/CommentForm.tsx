import { useId, useState, type FormEvent } from 'react';
import { COMMENT_TEXT_MAX, CRITIQUE_FIELD_MAX, type NewWallComment } from '@writory/shared';
import { FormAlert, Notice } from '../../react/Message';
import { apiErrorBody } from '../../../lib/api';
import { schemaIssues } from '../../../lib/form-schema';
import { t } from '../../../i18n/t';
import { addComment } from '../../../stores/wall-comments';

type Field = 'text' | 'critique';

/**
 * Writes a comment, a critique (what works, what could be stronger) or, with `parentId`, a reply. Checked with the
 * shared schema the cms parses; the cms's answer shows beside the form.
 */
export default function CommentForm({ postId, parentId, label, onCancel }: { postId: number; parentId?: number; label?: string; onCancel?: () => void }) {
  const id = useId();
  const [mode, setMode] = useState<'comment' | 'critique'>('comment');
  const [text, setText] = useState('');
  const [works, setWorks] = useState('');
  const [stronger, setStronger] = useState('');
  const [problems, setProblems] = useState<Partial<Record<Field | 'works' | 'stronger', string>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const critique = !parentId && mode === 'critique';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input: NewWallComment = {
      ...(text.trim() ? { text } : {}),
      ...(critique ? { critique: { works, stronger } } : {}),
      ...(parentId ? { parentId } : {}),
    };
    const issues = await schemaIssues(
      import('@writory/shared/schemas/comments').then((m) => m.newCommentBody),
      input,
      ['text', 'critique'] as const,
    );
    const critiqueIssue = issues.critique;
    const next = {
      text: issues.text?.message,
      works: critiqueIssue?.path[1] === 'works' ? critiqueIssue.message : undefined,
      stronger: critiqueIssue?.path[1] === 'stronger' ? critiqueIssue.message : undefined,
    };
    setProblems(next);
    setNotice(null);
    if (next.text || next.works || next.stronger) return;
    setBusy(true);
    setAlert(null);
    try {
      const created = await addComment(postId, input);
      setText('');
      setWorks('');
      setStronger('');
      setNotice(created.status === 'pending' ? t('comments.held') : t('comments.posted'));
    } catch (error) {
      setAlert(apiErrorBody(error)?.message ?? t('comments.sendFailed'));
    } finally {
      setBusy(false);
    }
  };

  const area = (field: 'text' | 'works' | 'stronger', value: string, set: (v: string) => void, fieldLabel: string, max: number, hint: string) => (
    <div className="flex flex-col gap-1">
      <label htmlFor={`${id}-${field}`} className="text-sm font-semibold">
        {fieldLabel}
      </label>
      <textarea
        id={`${id}-${field}`}
        name={field}
        value={value}
        onChange={(e) => set(e.target.value)}
        maxLength={max}
        rows={field === 'text' ? 4 : 2}
        dir="auto"
        aria-invalid={problems[field] ? true : undefined}
        aria-describedby={`${id}-${field}-hint${problems[field] ? ` ${id}-${field}-problem` : ''}`}
        className="rounded-md border border-stone-400 bg-white px-3 py-2"
      />
      <span id={`${id}-${field}-hint`} className="text-xs text-ink-soft">
        {hint}
      </span>
      {problems[field] && (
        <span id={`${id}-${field}-problem`} className="text-sm text-red-800">
          {problems[field]}
        </span>
      )}
    </div>
  );

  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-3"
      aria-label={label ?? t('comments.formTitle')}
      data-testid={parentId ? 'reply-form' : 'comment-form'}
    >
      <FormAlert>{alert}</FormAlert>
      {!parentId && (
        <fieldset className="flex flex-wrap gap-4">
          <legend className="mb-1 text-sm font-semibold">{t('comments.modeLabel')}</legend>
          {(['comment', 'critique'] as const).map((value) => (
            <label key={value} className="flex items-center gap-2">
              <input type="radio" name={`${id}-mode`} value={value} checked={mode === value} onChange={() => setMode(value)} />
              {value === 'comment' ? t('comments.modeComment') : t('comments.modeCritique')}
            </label>
          ))}
        </fieldset>
      )}
      {critique && (
        <>
          {area('works', works, setWorks, t('comments.works'), CRITIQUE_FIELD_MAX, t('comments.critiqueHint', { max: CRITIQUE_FIELD_MAX }))}
          {area('stronger', stronger, setStronger, t('comments.stronger'), CRITIQUE_FIELD_MAX, t('comments.critiqueHint', { max: CRITIQUE_FIELD_MAX }))}
        </>
      )}
      {area(
        'text',
        text,
        setText,
        parentId ? t('comments.replyText') : critique ? t('comments.extra') : t('comments.text'),
        COMMENT_TEXT_MAX,
        t('comments.textHint', { max: COMMENT_TEXT_MAX.toLocaleString('en') }),
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-default" disabled={busy}>
          {busy ? t('comments.sending') : parentId ? t('comments.sendReply') : t('comments.send')}
        </button>
        {onCancel && (
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            {t('comments.cancel')}
          </button>
        )}
      </div>
      <Notice>{notice}</Notice>
    </form>
  );
}
