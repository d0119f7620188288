import { useState } from 'react';
import { useStore } from '@nanostores/react';
import type { MyEntry } from '@writory/shared';
import { Failure, Loading } from '../components/react/States';
import { useHydrated } from '../components/react/useHydrated';
import { t } from '../i18n/t';
import { formatInstant } from '../lib/contest-time';
import { downloadEntryFile } from '../api/entries';
import { $authStatus } from '../stores/auth';
import { $myEntries } from '../stores/my-entries';
import { $productUser } from '../stores/product-user';
import { contestLabel } from '../lib/competitions';
import { localHref } from '../i18n/paths';

function Timeline({ entry }: { entry: MyEntry }) {
  const current = [...entry.timeline].reverse().find((step) => step.done)?.status;
  return (
    <ol aria-label={t('entries.timeline', { title: entry.title })} className="mt-3 grid gap-2 sm:grid-cols-4" data-testid="entry-timeline">
      {entry.timeline.map((step) => (
        <li
          key={step.status}
          aria-current={step.status === current ? 'step' : undefined}
          className={`rounded-md border p-2 text-sm ${step.done ? 'border-emerald-300 bg-emerald-50 text-emerald-950' : 'border-stone-200 bg-white text-ink-soft'}`}
          data-done={step.done}
        >
          <span className="flex items-center gap-1 font-semibold">
            <span aria-hidden="true">{step.done ? '✓' : '○'}</span>
            {t(`entries.status.${step.status}`)}
          </span>
          <span className="block text-xs">{step.at ? formatInstant(step.at) : step.done ? '' : t('entries.pending')}</span>
        </li>
      ))}
    </ol>
  );
}

function EntryCard({ entry }: { entry: MyEntry }) {
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setError(null);
    try {
      await downloadEntryFile(entry.code, entry.fileName);
    } catch {
      setError(t('entries.downloadFailed'));
    }
  };
  return (
    <li className="rounded-lg border border-stone-200 bg-white p-5" data-testid="my-entry">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-serif text-lg font-bold" dir="auto">
          {entry.title}
        </h3>
        <p className="text-sm">
          {t('entries.code')}: <span className="font-mono font-semibold">{entry.code}</span>
        </p>
      </div>
      <p className="text-sm text-ink-soft">
        <span data-testid="my-entry-contest">{contestLabel(entry)}</span>
        {entry.theme ? ` · ${t('contest.theme', { theme: entry.theme })}` : ''} · {entry.language}
      </p>
      <Timeline entry={entry} />
      <button type="button" className="btn btn-link mt-2 px-0" onClick={() => void download()}>
        {t('entries.download')}
      </button>
      {error && <Failure>{error}</Failure>}
    </li>
  );
}

/** /profile#entries: the poet's entries, each with its status timeline (received → results published). */
export default function ProfileEntries() {
  const hydrated = useHydrated();
  const status = useStore($authStatus);
  const mine = useStore($myEntries);
  const user = useStore($productUser);
  if (!hydrated || status !== 'signed-in') return null;

  return (
    <section id="entries" aria-labelledby="entries-heading" className="mt-8 space-y-4" data-testid="profile-entries">
      <h2 id="entries-heading" className="text-xl font-bold">
        {t('entries.heading')}
      </h2>
      {user?.role === 'judge' && (
        <p className="rounded-md border border-stone-200 bg-parchment p-3 text-sm">
          {t('entries.judge')}{' '}
          <a href={localHref('/admin-submissions')} className="font-semibold text-quill underline underline-offset-4">
            {t('entries.judgeLink')}
          </a>
        </p>
      )}
      {mine.state === 'loading' && <Loading>{t('entries.loading')}</Loading>}
      {mine.state === 'failed' && <Failure>{t('entries.failed')}</Failure>}
      {mine.state === 'ready' && mine.data?.length === 0 && (
        <p className="text-ink-soft">
          {t('entries.none')}{' '}
          <a href={localHref('/submit')} className="font-semibold text-quill underline underline-offset-4">
            {t('entries.enter')}
          </a>
        </p>
      )}
      {mine.data && mine.data.length > 0 && (
        <ul className="space-y-4">
          {mine.data.map((entry) => (
            <EntryCard key={entry.code} entry={entry} />
          ))}
        </ul>
      )}
    </section>
  );
}
