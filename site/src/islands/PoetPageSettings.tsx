import { useEffect, useId, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { POET_BIO_MAX, POET_HANDLE_MAX, poetPagePath, type MyPoetPage } from '@writory/shared';
import { FormAlert, Notice } from '../components/react/Message';
import { useHydrated } from '../components/react/useHydrated';
import { fetchMyPoetPage, saveMyPoetPage } from '../api/poets';
import { fieldErrorsFrom, problemOf } from '../lib/api';
import { t } from '../i18n/t';
import { $authStatus } from '../stores/auth';

const FIELDS = ['handle', 'bio', 'languages', 'public'] as const;
type Field = (typeof FIELDS)[number];

/** On /profile: the poet's public page — handle, bio, languages, and whether it is public (private by default). */
export default function PoetPageSettings() {
  const id = useId();
  const hydrated = useHydrated();
  const status = useStore($authStatus);
  const [saved, setSaved] = useState<MyPoetPage | null>(null);
  const [draft, setDraft] = useState({ handle: '', bio: '', languages: '', public: false });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const show = (page: MyPoetPage) => {
    setSaved(page);
    setDraft({ handle: page.handle ?? '', bio: page.bio, languages: page.languages.join(', '), public: page.public });
  };

  useEffect(() => {
    if (status !== 'signed-in') return;
    fetchMyPoetPage()
      .then(show)
      .catch((caught: unknown) => setProblem(problemOf(caught, t('poets.settings.failed'))));
  }, [status]);

  if (!hydrated || status !== 'signed-in' || !saved) return problem ? <FormAlert>{problem}</FormAlert> : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setErrors({});
    setProblem(null);
    setNotice(null);
    try {
      show(
        await saveMyPoetPage({
          handle: draft.handle.trim() || null,
          bio: draft.bio,
          languages: draft.languages.split(/[\s,]+/).filter(Boolean),
          public: draft.public,
        }),
      );
      setNotice(t('poets.settings.saved'));
    } catch (caught) {
      const found = fieldErrorsFrom(caught, FIELDS);
      setErrors(found.fields);
      setProblem(found.form ?? (Object.keys(found.fields).length ? null : problemOf(caught, t('poets.settings.failed'))));
    } finally {
      setSaving(false);
    }
  }

  const describedBy = (field: Field, hint: boolean) =>
    [hint ? `${id}-${field}-hint` : null, errors[field] ? `${id}-${field}-error` : null].filter(Boolean).join(' ') || undefined;
  const error = (field: Field) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="text-sm text-red-800">
        {errors[field]}
      </p>
    ) : null;

  return (
    <section aria-labelledby={`${id}-heading`} className="mt-8 space-y-4 rounded-lg border border-stone-200 bg-white p-6" data-testid="poet-page-settings">
      <h2 id={`${id}-heading`} className="text-xl font-bold">
        {t('poets.settings.heading')}
      </h2>
      <p className="text-ink-soft">{t('poets.settings.intro')}</p>
      <form className="space-y-4" onSubmit={(event) => void submit(event)} noValidate>
        <FormAlert>{problem}</FormAlert>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-handle`} className="text-sm font-semibold">
            {t('poets.settings.handle')}
          </label>
          <input
            id={`${id}-handle`}
            name="handle"
            value={draft.handle}
            maxLength={POET_HANDLE_MAX}
            autoCapitalize="none"
            spellCheck={false}
            aria-invalid={errors.handle ? true : undefined}
            aria-describedby={describedBy('handle', true)}
            className="input input-bordered w-full"
            onChange={(event) => setDraft({ ...draft, handle: event.target.value })}
          />
          <p id={`${id}-handle-hint`} className="text-xs text-ink-soft">
            {t('poets.settings.handleHint')}
          </p>
          {error('handle')}
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-bio`} className="text-sm font-semibold">
            {t('poets.settings.bio')}
          </label>
          <textarea
            id={`${id}-bio`}
            name="bio"
            value={draft.bio}
            rows={4}
            dir="auto"
            maxLength={POET_BIO_MAX}
            aria-invalid={errors.bio ? true : undefined}
            aria-describedby={describedBy('bio', true)}
            className="textarea textarea-bordered w-full"
            onChange={(event) => setDraft({ ...draft, bio: event.target.value })}
          />
          <p id={`${id}-bio-hint`} className="text-xs text-ink-soft">
            {t('poets.settings.bioHint')}
          </p>
          {error('bio')}
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-languages`} className="text-sm font-semibold">
            {t('poets.settings.languages')}
          </label>
          <input
            id={`${id}-languages`}
            name="languages"
            value={draft.languages}
            placeholder="hi, en"
            aria-invalid={errors.languages ? true : undefined}
            aria-describedby={describedBy('languages', false)}
            className="input input-bordered w-full"
            onChange={(event) => setDraft({ ...draft, languages: event.target.value })}
          />
          {error('languages')}
        </div>
        <label className="flex min-h-11 items-center gap-3">
          <input
            type="checkbox"
            name="public"
            checked={draft.public}
            className="h-5 w-5 accent-quill"
            onChange={(event) => setDraft({ ...draft, public: event.target.checked })}
          />
          <span>{t('poets.settings.public')}</span>
        </label>
        {error('public')}
        <div className="flex flex-wrap items-center gap-4">
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {t('poets.settings.save')}
          </button>
          {saved.public && saved.handle ? (
            <a href={poetPagePath(saved.handle)} className="font-semibold text-quill underline underline-offset-4">
              {t('poets.settings.view')}
            </a>
          ) : (
            <span className="text-sm text-ink-soft">{t('poets.settings.private')}</span>
          )}
        </div>
        {notice && <Notice>{notice}</Notice>}
      </form>
    </section>
  );
}
