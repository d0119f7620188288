import { useState, type FormEvent } from 'react';
import { setJudgeLanguages } from '../../api/competitions';
import { problemOf } from '../../lib/api';
import { languagesInWords } from '../../lib/competitions';
import LanguagePicker from './LanguagePicker';
import { t } from '../../i18n/t';

/** On /admin-users, a judge's row: the languages they read, which automatic assignment follows. */
export default function JudgeLanguagesEditor({ uid, name, initial }: { uid: string; name: string; initial: string[] }) {
  const [languages, setLanguages] = useState(initial);
  const [saved, setSaved] = useState(initial);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    try {
      const answer = await setJudgeLanguages(uid, languages);
      setLanguages(answer.languages);
      setSaved(answer.languages);
      setMessage({ ok: true, text: t('adminJudgeLanguages.saved', { name, languages: languagesInWords(answer.languages) }) });
    } catch (caught) {
      setMessage({ ok: false, text: problemOf(caught, t('adminJudgeLanguages.saveFailed')) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <details className="mt-2" data-testid="judge-languages">
      <summary className="cursor-pointer text-sm">
        {t('adminJudgeLanguages.reads')} <span className="font-semibold">{saved.length ? languagesInWords(saved) : t('adminJudgeLanguages.none')}</span>
        <span className="sr-only"> ({name})</span>
      </summary>
      <form noValidate onSubmit={submit} className="mt-2 space-y-2">
        <LanguagePicker legend={t('adminJudgeLanguages.legend', { name })} chosen={languages} onChange={setLanguages} />
        <button type="submit" className="btn btn-default btn-sm" disabled={busy} aria-busy={busy}>
          {t('adminJudgeLanguages.save')}
        </button>
        <p role="status" className={message ? (message.ok ? 'text-sm text-emerald-900' : 'text-sm font-semibold text-red-800') : 'sr-only'}>
          {message?.text ?? ''}
        </p>
      </form>
    </details>
  );
}
