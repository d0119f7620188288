import { t } from '../../i18n/t';

/** The save and cancel buttons at the foot of an admin form. */
export default function FormActions({ saveLabel, busy, onCancel }: { saveLabel: string; busy: boolean; onCancel: () => void }) {
  return (
    <div className="flex flex-wrap gap-2">
      <button type="submit" className="btn btn-default" disabled={busy} aria-busy={busy}>
        {saveLabel}
      </button>
      <button type="button" className="btn btn-ghost" onClick={onCancel}>
        {t('form.cancel')}
      </button>
    </div>
  );
}
