import { useEffect, useState, type FormEvent } from 'react';
import { myJudgeLanguages, saveMyJudgeLanguages } from '../../api/competitions';
import { apiErrorBody } from '../../lib/api';
import { languagesInWords } from '../../lib/competitions';
import { FormAlert, Notice } from '../react/Message';
import LanguagePicker from './LanguagePicker';
import { t } from '../../i18n/t';

/** On the judging page: the languages this judge reads (entries are given only to judges who read their language). */
export default function MyJudgeLanguages() {
  const [languages, setLanguages] = useState<string[] | null>(null);
  const [saved, setSaved] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const [open, setOpen] = useState(false);
  // Asked for when the judge opens the box (most visits to the judging page are for scoring, not for this).
  useEffect(() => {
    if (!open || languages) return;
    myJudgeLanguages().then(
      (answer) => {
        setLanguages(answer.languages);
        setSaved(answer.languages);
      },
      () => setError(t('judgeLanguages.loadFailed')),
    );
  }, [open]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!languages) return;
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      const answer = await saveMyJudgeLanguages(languages);
      setLanguages(answer.languages);
      setSaved(answer.languages);
      setNotice(t('judgeLanguages.saved', { languages: languagesInWords(answer.languages) }));
    } catch (caught) {
      setError(apiErrorBody(caught)?.message ?? t('judgeLanguages.saveFailed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <details
      className="rounded-lg border border-stone-200 bg-white p-4"
      data-testid="my-judge-languages"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="cursor-pointer font-semibold">
        {t('judgeLanguages.title')}
        {languages && <span className="font-normal">: {saved.length ? languagesInWords(saved) : t('judgeLanguages.none')}</span>}
      </summary>
      {/* Only while open: a closed box holds no "Loading..." and no disabled button. */}
      {open && (
        <form noValidate onSubmit={submit} className="mt-3 space-y-3">
          <p className="text-sm text-ink-soft">{t('judgeLanguages.intro')}</p>
          <FormAlert>{error}</FormAlert>
          <Notice>{notice}</Notice>
          {languages ? (
            <LanguagePicker legend={t('judgeLanguages.title')} chosen={languages} onChange={setLanguages} />
          ) : (
            !error && <p role="status">{t('common.loading')}</p>
          )}
          <button type="submit" className="btn btn-default" disabled={busy || !languages} aria-busy={busy}>
            {t('judgeLanguages.save')}
          </button>
        </form>
      )}
    </details>
  );
}
