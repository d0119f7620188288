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
      (caught) => setFormError(problemOf(caught, 'We couldn’t load the settings. Try again.')),
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
      showToast({ title: 'Settings saved', description: 'The site shows the new contact details after its next rebuild, within a minute.' });
    } catch (caught) {
      const found = fieldErrorsFrom(caught, ALL_FIELDS);
      setErrors(found.fields);
      setFormError(
        found.form ??
          (Object.keys(found.fields).length
            ? 'Some settings need a change: see the fields marked below.'
            : problemOf(caught, 'We couldn’t save the settings.')),
      );
      focusAfter(() => form.querySelector<HTMLElement>('[aria-invalid="true"]'), submitter);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={save} noValidate className="space-y-6" data-testid="settings-form">
      <FormAlert>{formError}</FormAlert>
      <Section title="Contest rules" note="Changing the time zone moves when each month opens, closes and shows results.">
        {text('contestTimeZone', 'Contest time zone', { hint: 'A time zone name such as Asia/Kolkata or Europe/London.', list: zonesId })}
        <datalist id={zonesId}>
          {timeZones().map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
        {text('maxEntriesPerMonth', 'Free entries per poet each month', {
          type: 'number',
          inputMode: 'numeric',
          hint: 'From 0 to 50. Each further poem uses an entry credit bought on the Submit page (0: every entry is paid).',
        })}
        {text('judgesPerEntry', 'Judges per entry', { type: 'number', inputMode: 'numeric', hint: 'From 1 to 10.' })}
        <div className="flex flex-col gap-1">
          <label className="flex min-h-11 items-center gap-2 text-sm font-semibold">
            <input
              type="checkbox"
              name="normaliseScores"
              checked={draft.normaliseScores}
              onChange={(event) => setDraft({ ...draft, normaliseScores: event.target.checked })}
              className="h-5 w-5 accent-quill"
            />
            Normalise judges’ scores
          </label>
          <p className="text-xs text-ink-soft">Evens out judges who score more strictly or more generously than the others.</p>
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
            Entry credits shared across competitions
          </label>
          <p className="text-xs text-ink-soft">
            Off: credits a poet buys are for one competition (the one they bought them on). On: any credit serves any competition.
          </p>
        </div>
      </Section>
      <Section title="Contact details" note="Shown in the footer and on the contact page.">
        {text('contactEmail', 'Contact email', { type: 'email' })}
        {text('whatsappPrimary', 'WhatsApp number', { type: 'tel', dir: 'ltr' })}
        {text('whatsappSecondary', 'Second WhatsApp number', { type: 'tel', dir: 'ltr', hint: 'Leave empty to show one number.' })}
      </Section>
      <Section title="Social links" note="https:// addresses; leave one empty to hide it.">
        {text('instagramUrl', 'Instagram', { type: 'url', dir: 'ltr' })}
        {text('facebookUrl', 'Facebook', { type: 'url', dir: 'ltr' })}
        {text('xUrl', 'X', { type: 'url', dir: 'ltr' })}
        {text('linkedinUrl', 'LinkedIn', { type: 'url', dir: 'ltr' })}
        {text('youtubeUrl', 'YouTube', { type: 'url', dir: 'ltr' })}
      </Section>
      <Section title="Home page counters" note="Shown while the live counts of poets and pieces cannot be read.">
        {text('poetsCountFallback', 'Poets joined', { type: 'number', inputMode: 'numeric' })}
        {text('piecesCountFallback', 'Pieces', { type: 'number', inputMode: 'numeric' })}
      </Section>
      <button type="submit" className="btn btn-default" disabled={saving} aria-busy={saving}>
        {saving ? 'Saving…' : 'Save settings'}
      </button>
    </form>
  );
}
