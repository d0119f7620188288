import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import type { AdminSettings } from '@writory/shared';
import Field from '../components/react/Field';
import { FormAlert } from '../components/react/Message';
import { useAdminReady } from '../components/react/useAdminReady';
import { useFocusAfterAction } from '../components/react/useFocusAfterAction';
import { fieldErrorsFrom, problemOf } from '../lib/api';
import { fetchSettings, saveSettings } from '../api/settings';
import { t } from '../i18n/t';
import { showToast } from '../stores/toasts';

type BooleanKey = 'normaliseScores' | 'creditsShared';
type TextKey = Exclude<keyof AdminSettings, BooleanKey>;
const BOOLEAN_FIELDS = new Set<keyof AdminSettings>(['normaliseScores', 'creditsShared']);
const NUMBER_FIELDS = new Set<keyof AdminSettings>(['poetsCountFallback', 'piecesCountFallback', 'maxEntriesPerMonth', 'judgesPerEntry']);
const ALL_FIELDS: (keyof AdminSettings)[] = [
  'contactEmail',
  'whatsappPrimary',
  'whatsappSecondary',
  'instagramUrl',
  'facebookUrl',
  'xUrl',
  'linkedinUrl',
  'youtubeUrl',
  'poetsCountFallback',
  'piecesCountFallback',
  'contestTimeZone',
  'maxEntriesPerMonth',
  'judgesPerEntry',
  'normaliseScores',
  'creditsShared',
];

type Draft = Record<TextKey, string> & Record<BooleanKey, boolean>;

const toDraft = (settings: AdminSettings): Draft =>
  Object.fromEntries(ALL_FIELDS.map((key) => [key, BOOLEAN_FIELDS.has(key) ? Boolean(settings[key]) : String(settings[key] ?? '')])) as Draft;

/** What the form sends: numbers as numbers (a non-number stays text, and the server says what is wrong). */
function toChanges(draft: Draft): Partial<AdminSettings> {
  const changes: Record<string, unknown> = {};
  for (const key of ALL_FIELDS) {
    const value = draft[key];
    if (typeof value === 'boolean') changes[key] = value;
    else if (NUMBER_FIELDS.has(key)) changes[key] = value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value;
    else changes[key] = value.trim();
  }
  return changes as Partial<AdminSettings>;
}

function timeZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
}

function Section({ title, children, note }: { title: string; children: ReactNode; note?: string }) {
  const id = useId();
  return (
    <fieldset aria-labelledby={id} className="space-y-4 rounded-lg border border-stone-200 bg-white p-4">
      <legend id={id} className="px-1 text-xl font-bold">
        {title}
      </legend>
      {note && <p className="text-sm text-ink-soft">{note}</p>}
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

/** /admin-settings: contact details, social links, the home page counters' fallback and the contest rules. */
export default function AdminSettingsForm() {
  const ready = useAdminReady();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof AdminSettings, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const focusAfter = useFocusAfterAction();
  const zonesId = useId();

  useEffect(() => {
    if (!ready) return;
    fetchSettings().then(
      (settings) => setDraft(toDraft(settings)),
      (caught) => setFormError(problemOf(caught, t('adminSettings.loadFailed'))),
    );
  }, [ready]);

  if (!ready) return <p role="status">{t('admin.checking')}</p>;
  if (!draft) return formError ? <FormAlert>{formError}</FormAlert> : <p role="status">{t('common.loading')}</p>;

  const text = (key: TextKey, label: string, extra: { type?: string; hint?: string; inputMode?: 'numeric'; list?: string; dir?: string } = {}) => (
    <Field label={label} name={key} value={draft[key]} onChange={(event) => setDraft({ ...draft, [key]: event.target.value })} error={errors[key]} {...extra} />
  );

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const submitter = document.activeElement;
    setSaving(true);
    setErrors({});
    setFormError(null);
    try {
      setDraft(toDraft(await saveSettings(toChanges(draft))));
      showToast({ title: t('adminSettings.saved'), description: t('adminSettings.savedBody') });
    } catch (caught) {
      const found = fieldErrorsFrom(caught, ALL_FIELDS);
      setErrors(found.fields);
      setFormError(found.form ?? (Object.keys(found.fields).length ? t('adminSettings.fixFields') : problemOf(caught, t('adminSettings.saveFailed'))));
      focusAfter(() => form.querySelector<HTMLElement>('[aria-invalid="true"]'), submitter);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={save} noValidate className="space-y-6" data-testid="settings-form">
      <FormAlert>{formError}</FormAlert>
      <Section title={t('adminSettings.rules')} note={t('adminSettings.rulesNote')}>
        {text('contestTimeZone', t('adminSettings.timeZone'), { hint: t('adminSettings.timeZoneHint'), list: zonesId })}
        <datalist id={zonesId}>
          {timeZones().map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
        {text('maxEntriesPerMonth', t('adminSettings.freeEntries'), {
          type: 'number',
          inputMode: 'numeric',
          hint: t('adminSettings.freeEntriesHint'),
        })}
        {text('judgesPerEntry', t('adminSettings.judgesPerEntry'), { type: 'number', inputMode: 'numeric', hint: t('adminSettings.judgesPerEntryHint') })}
        <div className="flex flex-col gap-1">
          <label className="flex min-h-11 items-center gap-2 text-sm font-semibold">
            <input
              type="checkbox"
              name="normaliseScores"
              checked={draft.normaliseScores}
              onChange={(event) => setDraft({ ...draft, normaliseScores: event.target.checked })}
              className="h-5 w-5 accent-quill"
            />
            {t('adminSettings.normalise')}
          </label>
          <p className="text-xs text-ink-soft">{t('adminSettings.normaliseHint')}</p>
        </div>
        <div className="flex flex-col gap-1">
          <label className="flex min-h-11 items-center gap-2 text-sm font-semibold">
            <input
              type="checkbox"
              name="creditsShared"
              checked={draft.creditsShared}
              onChange={(event) => setDraft({ ...draft, creditsShared: event.target.checked })}
              className="h-5 w-5 accent-quill"
            />
            {t('adminSettings.creditsShared')}
          </label>
          <p className="text-xs text-ink-soft">{t('adminSettings.creditsSharedHint')}</p>
        </div>
      </Section>
      <Section title={t('adminSettings.contact')} note={t('adminSettings.contactNote')}>
        {text('contactEmail', t('adminSettings.contactEmail'), { type: 'email' })}
        {text('whatsappPrimary', t('adminSettings.whatsapp'), { type: 'tel', dir: 'ltr' })}
        {text('whatsappSecondary', t('adminSettings.whatsapp2'), { type: 'tel', dir: 'ltr', hint: t('adminSettings.whatsapp2Hint') })}
      </Section>
      <Section title={t('adminSettings.social')} note={t('adminSettings.socialNote')}>
        {text('instagramUrl', 'Instagram', { type: 'url', dir: 'ltr' })}
        {text('facebookUrl', 'Facebook', { type: 'url', dir: 'ltr' })}
        {text('xUrl', 'X', { type: 'url', dir: 'ltr' })}
        {text('linkedinUrl', 'LinkedIn', { type: 'url', dir: 'ltr' })}
        {text('youtubeUrl', 'YouTube', { type: 'url', dir: 'ltr' })}
      </Section>
      <Section title={t('adminSettings.counters')} note={t('adminSettings.countersNote')}>
        {text('poetsCountFallback', t('adminSettings.poets'), { type: 'number', inputMode: 'numeric' })}
        {text('piecesCountFallback', t('adminSettings.pieces'), { type: 'number', inputMode: 'numeric' })}
      </Section>
      <button type="submit" className="btn btn-default" disabled={saving} aria-busy={saving}>
        {saving ? t('adminSettings.saving') : t('adminSettings.save')}
      </button>
    </form>
  );
}
