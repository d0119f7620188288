import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { apiErrorBody } from '../../lib/api';
import { formatCountdown } from '../../lib/results';
import { $resultsTimer, $winnerTimer, deleteTimer, pollTimer, retryTimer, type TimerKind } from '../../stores/publication-timers';
import { showToast } from '../../stores/toasts';
import { formatDateTime, formatNumber } from '../../lib/format';
import { t } from '../../i18n/t';

/** The countdown of a publication timer, what it published, or why it failed (with Retry and Delete). */
export default function TimerPanel({ kind, what }: { kind: TimerKind; what: (timer: any) => string }) {
  const tracked = useStore(kind === 'results' ? $resultsTimer : $winnerTimer);
  const [now, setNow] = useState(() => Date.now());
  const [busy, setBusy] = useState(false);

  useEffect(() => pollTimer(kind), [kind]);
  useEffect(() => {
    if (!tracked.timer?.isActive) return;
    const handle = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(handle);
  }, [tracked.timer?.isActive]);

  const act = (action: () => Promise<void>, done: string) => async () => {
    setBusy(true);
    try {
      await action();
      showToast({ title: done });
    } catch (caught) {
      showToast({ title: apiErrorBody(caught)?.message ?? t('adminTimer.failed'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const { timer, dueAtLocal, loaded } = tracked;
  return (
    <section aria-labelledby={`${kind}-timer`} className="rounded-lg border border-stone-200 bg-white p-4" data-testid={`${kind}-timer`}>
      <h3 id={`${kind}-timer`} className="font-semibold">
        {t(kind === 'results' ? 'adminTimer.results' : 'adminTimer.winners')}
      </h3>
      {!loaded ? (
        <p className="text-sm text-ink-soft">{t('adminTimer.loading')}</p>
      ) : !timer ? (
        <p className="text-sm text-ink-soft">{t('adminTimer.none')}</p>
      ) : timer.status === 'scheduled' ? (
        <div className="mt-2 space-y-2">
          <p className="text-sm">
            {t('adminTimer.publishesIn', { what: what(timer) })}{' '}
            <span className="font-mono text-lg font-bold text-quill" data-testid={`${kind}-countdown`}>
              {formatCountdown((dueAtLocal ?? now) - now)}
            </span>{' '}
            <span className="text-ink-soft">({formatDateTime(timer.dueAt)})</span>
          </p>
          <p className="text-xs text-ink-soft">{t('adminTimer.serverPublishes')}</p>
          <button type="button" className="btn btn-outline btn-sm" disabled={busy} onClick={act(() => deleteTimer(kind), t('adminTimer.deleted'))}>
            {t('adminTimer.delete')}
          </button>
        </div>
      ) : timer.status === 'fired' ? (
        <p className="mt-2 text-sm" data-testid={`${kind}-fired`}>
          {t('adminTimer.publishedAt', { what: what(timer), when: timer.firedAt ? formatDateTime(timer.firedAt) : '' })}
          {timer.summary &&
            `: ${t(kind === 'results' ? 'adminTimer.summaryResults' : 'adminTimer.summaryWinners', {
              published: formatNumber(timer.summary.published),
              notified: formatNumber(timer.summary.notified),
              certificates: formatNumber(timer.summary.certificates),
            })}`}
        </p>
      ) : (
        <div className="mt-2 space-y-2">
          <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900" data-testid={`${kind}-failed`}>
            {t('adminTimer.publishFailed', { what: what(timer), error: timer.error ?? '' })}
          </p>
          <div className="flex gap-2">
            <button type="button" className="btn btn-default btn-sm" disabled={busy} onClick={act(() => retryTimer(kind), t('adminTimer.published'))}>
              {t('adminTimer.retry')}
            </button>
            <button type="button" className="btn btn-outline btn-sm" disabled={busy} onClick={act(() => deleteTimer(kind), t('adminTimer.timerDeleted'))}>
              {t('adminTimer.delete')}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
