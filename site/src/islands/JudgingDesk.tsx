import { useEffect, useId } from 'react';
import { useStore } from '@nanostores/react';
import EntryDesk from '../components/judging/EntryDesk';
import ProgressPanel from '../components/judging/ProgressPanel';
import QueueList from '../components/judging/QueueList';
import { useHydrated } from '../components/react/useHydrated';
import { t } from '../i18n/t';
import { monthLabel } from '../lib/contest-time';
import { $authStatus } from '../stores/auth';
import { $openEntry, $progress, $queue, loadProgress, loadQueue, openEntry, submitScores } from '../stores/judging';
import { $productUser } from '../stores/product-user';
import { showToast } from '../stores/toasts';

/** /admin-submissions: judges (and admins) score entries blind; admins also see each judge's progress. */
export default function JudgingDesk() {
  const hydrated = useHydrated();
  const id = useId();
  const status = useStore($authStatus);
  const user = useStore($productUser);
  const queue = useStore($queue);
  const open = useStore($openEntry);
  const progress = useStore($progress);
  const allowed = user?.role === 'judge' || user?.role === 'admin';
  const isAdmin = user?.role === 'admin';

  useEffect(() => {
    if (status !== 'signed-in' || !allowed) return;
    void loadQueue();
    if (isAdmin) void loadProgress();
  }, [status, allowed, isAdmin]);
  useEffect(() => {
    if (open.state === 'ready') document.getElementById('desk-heading')?.focus();
  }, [open.state, open.data?.code]);

  if (!hydrated || status !== 'signed-in' || !allowed || queue.state === 'loading') {
    return (
      <p role="status" className="text-ink-soft">
        {t('judging.loading')}
      </p>
    );
  }
  if (!queue.data) {
    return (
      <p role="alert" className="text-sm text-red-800">
        {t('judging.failed')}
      </p>
    );
  }
  const data = queue.data;
  const changeMonth = (month: string) => {
    void loadQueue(month);
    if (isAdmin) void loadProgress(month);
  };
  const score = async (scores: Parameters<typeof submitScores>[1]) => {
    const code = open.data!.code;
    await submitScores(code, scores, isAdmin);
    showToast({ title: t('judging.submitted', { code }) });
  };

  return (
    <div className="space-y-6" data-testid="judging-desk">
      <div className="flex flex-wrap items-end gap-4">
        {data.months.length > 0 && (
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-month`} className="text-sm font-semibold">
              {t('judging.month')}
            </label>
            <select
              id={`${id}-month`}
              value={data.month ?? ''}
              onChange={(event) => changeMonth(event.target.value)}
              className="min-h-11 rounded-md border border-stone-400 bg-white px-3 py-2"
            >
              {data.months.map((month) => (
                <option key={month} value={month}>
                  {monthLabel(month)}
                </option>
              ))}
            </select>
          </div>
        )}
        <p className="text-sm" data-testid="judging-mine">
          {t('judging.mine', { scored: data.mine.scored, left: data.mine.left })}
        </p>
      </div>
      {isAdmin && progress && <ProgressPanel progress={progress} />}
      <QueueList queue={data} openCode={open.data?.code ?? null} onOpen={(code) => void openEntry(code)} />
      {open.state === 'loading' && (
        <p role="status" className="text-ink-soft">
          {t('common.loading')}
        </p>
      )}
      {open.state === 'failed' && (
        <p role="alert" className="text-sm text-red-800">
          {t('judging.failed')}
        </p>
      )}
      {open.state === 'ready' && open.data && <EntryDesk entry={open.data} onScore={score} />}
    </div>
  );
}
