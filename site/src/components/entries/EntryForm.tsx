import { useId, useMemo, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { countryList, MAX_POEM_CHARS, type CompetitionKind } from '@writory/shared';
import { t } from '../../i18n/t';
import { POEM_ACCEPT } from '../../lib/entry-files';
import { tFor } from '../../lib/entry-words';
import { pageIntlLocale } from '../../lib/format';
import type { EntryFormField, EntryFormValues } from '../../lib/entry-form';
import { PICTURE_TYPES } from '../../lib/picture';
import Field from '../react/Field';
import NameInScriptField from './NameInScriptField';
import { FormAlert } from '../react/Message';

const COMMON_LANGUAGES = [
  'English',
  'Hindi',
  'Arabic',
  'Spanish',
  'French',
  'Bengali',
  'Urdu',
  'Tamil',
  'Telugu',
  'Marathi',
  'Punjabi',
  'Portuguese',
  'Swahili',
];

interface Props {
  /** Poem or story: how the labels and hints name the entry. */
  kind: CompetitionKind;
  values: EntryFormValues;
  errors: Partial<Record<EntryFormField, string>>;
  formError: string | null;
  busy: boolean;
  onChange(values: EntryFormValues): void;
  onPoem(file: File | null): void;
  onPhoto(file: File | null): void;
  onSubmit(): void;
  formRef?: React.Ref<HTMLFormElement>;
}

/** A labelled control of any kind, with its hint and error read with it. */
function Control({ id, label, hint, error, children }: { id: string; label: string; hint?: string; error?: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-ink-soft">
          {hint}
        </p>
      )}
      {children}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

const describedBy = (id: string, hint: boolean, error?: string) =>
  [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
const fileClass =
  'max-w-full text-sm file:me-3 file:rounded-md file:border file:border-quill file:bg-white file:px-3 file:py-1.5 file:font-semibold file:text-quill aria-[invalid=true]:text-red-800';

/** Step 1: the poem's file, title and language, and the poet's contact details and optional photo. */
export default function EntryForm({ kind, values, errors, formError, busy, onChange, onPoem, onPhoto, onSubmit, formRef }: Props) {
  const id = useId();
  // Named and sorted in the page's language (भारत on a Hindi page), not the browser's.
  const countries = useMemo(() => countryList(pageIntlLocale()), []);
  const set = (field: keyof EntryFormValues) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    onChange({ ...values, [field]: event.target.value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="space-y-6" data-testid="entry-form">
      <FormAlert>{formError}</FormAlert>
      <fieldset className="space-y-4 rounded-lg border border-stone-200 bg-white p-5">
        <legend className="px-1 font-serif text-lg font-bold">{tFor(kind, 'submit.poemLegend')}</legend>
        <Control
          id={`${id}-poem`}
          label={tFor(kind, 'submit.poem')}
          hint={tFor(kind, 'submit.poemHint', { chars: MAX_POEM_CHARS.toLocaleString('en-GB') })}
          error={errors.poem}
        >
          <input
            id={`${id}-poem`}
            type="file"
            name="poem"
            accept={POEM_ACCEPT}
            required
            aria-invalid={errors.poem ? true : undefined}
            aria-describedby={describedBy(`${id}-poem`, true, errors.poem)}
            onChange={(event) => onPoem(event.target.files?.[0] ?? null)}
            className={fileClass}
          />
        </Control>
        <Field label={t('submit.title')} name="title" required maxLength={160} dir="auto" value={values.title} onChange={set('title')} error={errors.title} />
        <Field
          label={tFor(kind, 'submit.language')}
          name="language"
          required
          maxLength={64}
          dir="auto"
          list={`${id}-languages`}
          hint={t('submit.languageHint')}
          value={values.language}
          onChange={set('language')}
          error={errors.language}
        />
        <datalist id={`${id}-languages`}>
          {COMMON_LANGUAGES.map((language) => (
            <option key={language} value={language} />
          ))}
        </datalist>
      </fieldset>

      <fieldset className="space-y-4 rounded-lg border border-stone-200 bg-white p-5">
        <legend className="px-1 font-serif text-lg font-bold">{t('submit.aboutYou')}</legend>
        <p className="text-sm text-ink-soft">{tFor(kind, 'submit.aboutYouHint')}</p>
        <Field
          label={t('submit.fullName')}
          name="fullName"
          required
          autoComplete="name"
          maxLength={120}
          dir="auto"
          value={values.fullName}
          onChange={set('fullName')}
          error={errors.fullName}
        />
        <NameInScriptField
          kind={kind}
          language={values.language}
          value={values.nameInScript ?? ''}
          error={errors.nameInScript}
          onChange={(nameInScript) => onChange({ ...values, nameInScript })}
        />
        <Field
          label={t('submit.phone')}
          name="phone"
          type="tel"
          required
          autoComplete="tel"
          inputMode="tel"
          maxLength={20}
          hint={t('submit.phoneHint')}
          value={values.phone}
          onChange={set('phone')}
          error={errors.phone}
        />
        <Control id={`${id}-country`} label={t('submit.country')} error={errors.country}>
          <select
            id={`${id}-country`}
            name="country"
            required
            autoComplete="country"
            value={values.country}
            onChange={set('country')}
            aria-invalid={errors.country ? true : undefined}
            aria-describedby={describedBy(`${id}-country`, false, errors.country)}
            className="min-h-11 w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-base aria-[invalid=true]:border-red-700"
          >
            <option value="">{t('submit.countryChoose')}</option>
            {countries.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </select>
        </Control>
        <Control id={`${id}-photo`} label={t('submit.photo')} hint={t('submit.photoHint')} error={errors.photo}>
          <input
            id={`${id}-photo`}
            type="file"
            name="photo"
            accept={PICTURE_TYPES.join(',')}
            aria-invalid={errors.photo ? true : undefined}
            aria-describedby={describedBy(`${id}-photo`, true, errors.photo)}
            onChange={(event) => onPhoto(event.target.files?.[0] ?? null)}
            className={fileClass}
          />
        </Control>
      </fieldset>

      <button type="submit" className="btn btn-default btn-lg" disabled={busy} aria-busy={busy}>
        {busy ? t('submit.checking') : t('submit.check')}
      </button>
    </form>
  );
}
