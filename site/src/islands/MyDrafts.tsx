import { useEffect, useId, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { DECLARATION_KEYS, DECLARATIONS, type DeclarationKey, type EntryDraft } from '@writory/shared';
import { FormAlert, Notice } from '../components/react/Message';
import { Failure, Loading } from '../components/react/States';
import { useHydrated } from '../components/react/useHydrated';
import { t } from '../i18n/t';
import { deleteDraft, enterDraft } from '../api/drafts';
import { apiErrorBody } from '../lib/api';
import { competitionTitle } from '../lib/competitions';
import { formatDate } from '../lib/format';
import { $authStatus } from '../stores/auth';
import { $allowance, loadAllowance } from '../stores/contest';
import { $drafts, loadDrafts } from '../stores/drafts';

/** /submit#drafts: the signed-in poet's drafts, each entered (declarations ticked) or deleted with one action. */
export default function MyDrafts() {
  const hydrated = useHydrated();
  const status = useStore($authStatus);
  const allowance = useStore($allowance);
  const drafts = useStore($drafts);
  const [notice, setNotice] = useState<string | null>(null);
  // Only someone who may enter has drafts: judges, moderators and admins (the allowance's 'role' blocker) have none.
  const mayEnter = hydrated && status === 'signed-in' && allowance.data !== null && allowance.data.blocker?.code !== 'role';

  useEffect(() => {
    if (mayEnter) void loadDrafts();
  }, [mayEnter]);

  if (!mayEnter) return null;
  return (
    <section id="drafts" aria-labelledby="drafts-heading" className="space-y-3" data-testid="drafts">
      <h2 id="drafts-heading" className="font-serif text-2xl font-bold">
        {t('drafts.heading')}
      </h2>
      <p className="text-sm text-ink-soft">{t('drafts.help')}</p>
      <Notice>{notice}</Notice>
      {drafts.state === 'failed' ? (
        <Failure>{t('drafts.loadFailed')}</Failure>
      ) : !drafts.data ? (
        <Loading>{t('common.loading')}</Loading>
      ) : drafts.data.length === 0 ? (
        <p className="text-sm">{t('drafts.none')}</p>
      ) : (
        <ul className="space-y-4">
          {drafts.data.map((draft) => (
            <li key={draft.id}>
              <DraftCard draft={draft} onDone={setNotice} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function DraftCard({ draft, onDone }: { draft: EntryDraft; onDone(message: string): void }) {
  const id = useId();
  const [ticked, setTicked] = useState<Set<DeclarationKey>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'enter' | 'delete' | null>(null);
  const title = draft.title ?? t('drafts.untitled');

  const toggle = (key: DeclarationKey, on: boolean) =>
    setTicked((current) => {
      const next = new Set(current);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });

  async function enter(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setBusy('enter');
    try {
      const receipt = await enterDraft(draft.id, [...ticked]);
      onDone(t('drafts.entered', { code: receipt.code }));
      await Promise.all([loadDrafts(), loadAllowance()]);
    } catch (caught) {
      setError(apiErrorBody(caught)?.message ?? t('drafts.failed'));
    } finally {
      setBusy(null);
    }
  }

  async function remove() {
    setError(null);
    setBusy('delete');
    try {
      await deleteDraft(draft.id);
      onDone(t('drafts.deleted'));
      await loadDrafts();
    } catch (caught) {
      setError(apiErrorBody(caught)?.message ?? t('drafts.failed'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <form onSubmit={enter} aria-labelledby={`${id}-title`} className="space-y-3 rounded-lg border border-stone-200 bg-white p-4" data-testid="draft">
      <h3 id={`${id}-title`} className="font-serif text-lg font-bold">
        <span dir="auto">{title}</span>
      </h3>
      <p className="text-sm text-ink-soft">
        {t('drafts.details', { competition: competitionTitle(draft.competition.name), file: draft.fileName, words: draft.wordCount })}
        <br />
        {t('drafts.savedOn', { date: formatDate(draft.savedAt), expires: formatDate(draft.expiresAt) })}
      </p>
      <FormAlert>{error}</FormAlert>
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold">{t('drafts.declare')}</legend>
        {DECLARATION_KEYS.map((key) => (
          <label key={key} className="flex items-start gap-2 text-sm">
            <input type="checkbox" className="mt-0.5 h-4 w-4 accent-quill" checked={ticked.has(key)} onChange={(event) => toggle(key, event.target.checked)} />
            <span>{DECLARATIONS[key]}</span>
          </label>
        ))}
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-default" disabled={busy !== null} aria-busy={busy === 'enter'}>
          {busy === 'enter' ? t('drafts.entering') : t('drafts.enter')}
        </button>
        <button type="button" className="btn btn-outline" disabled={busy !== null} aria-busy={busy === 'delete'} onClick={() => void remove()}>
          {t('drafts.delete')}
        </button>
      </div>
    </form>
  );
}
