import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { FormAlert } from '../components/react/Message';
import { useHydrated } from '../components/react/useHydrated';
import { problemOf } from '../lib/api';
import { $authStatus } from '../stores/auth';
import { $remindersOptedOut, chooseReminders, loadReminderPreference } from '../stores/reminder-preference';
import { t } from '../i18n/t';

/** On /profile: whether the poet gets Writory's reminder emails (the link in every reminder leads here). */
export default function ReminderOptOut() {
  // It hydrates when the browser is idle, perhaps after the sign-in is known: its first render matches the server's.
  const hydrated = useHydrated();
  const status = useStore($authStatus);
  const optedOut = useStore($remindersOptedOut);
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (status !== 'signed-in') return;
    loadReminderPreference().catch((caught: unknown) => setError(problemOf(caught, t('reminders.loadFailed'))));
  }, [status]);

  if (!hydrated || status !== 'signed-in' || (optedOut === null && !error)) return null;

  /** The box follows the click at once; it goes back if the server refuses. */
  const change = async (wantsReminders: boolean) => {
    setSaving(true);
    setError(null);
    setMessage(null);
    try {
      const savedOptedOut = await chooseReminders(wantsReminders);
      setMessage(t(savedOptedOut ? 'reminders.off' : 'reminders.on'));
    } catch (caught) {
      setError(problemOf(caught, t('reminders.saveFailed')));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section
      id="reminders"
      aria-labelledby="reminders-title"
      className="mt-8 space-y-3 rounded-lg border border-stone-200 bg-white p-6"
      data-testid="reminder-preference"
    >
      <h2 id="reminders-title" className="text-xl font-bold">
        {t('reminders.title')}
      </h2>
      <FormAlert>{error}</FormAlert>
      {optedOut !== null && (
        <label className="flex min-h-11 items-center gap-3">
          <input
            type="checkbox"
            checked={!optedOut}
            disabled={saving}
            onChange={(event) => void change(event.target.checked)}
            className="h-5 w-5 accent-quill"
          />
          <span>{t('reminders.choice')}</span>
        </label>
      )}
      <p role="status" className="text-sm text-ink-soft">
        {message}
      </p>
    </section>
  );
}
