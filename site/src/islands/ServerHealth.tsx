import { useCallback, useEffect, useState } from 'react';
import type { ServerHealth as Health } from '@writory/shared';
import { serverHealth } from '../api/health';
import { FormAlert } from '../components/react/Message';
import ScrollRegion from '../components/react/ScrollRegion';
import { useAdminReady } from '../components/react/useAdminReady';
import { problemOf } from '../lib/api';
import { t } from '../i18n/t';
import { formatNumber } from '../lib/format';

const ms = (value: number | null) => (value === null ? '—' : t('adminHealth.ms', { value: formatNumber(value) }));

/** Poems being checked, in words: by how many worker threads, or on the request thread (EXTRACTION_WORKERS=0). */
const checking = ({ workers, active }: Health['extraction']) =>
  workers === 0 ? t('adminHealth.onRequestThread') : t('adminHealth.workers', { active: formatNumber(active), workers: formatNumber(workers) });

/** The cms's key health figures on the admin dashboard; the full set is Prometheus's to scrape at /api/metrics. */
export default function ServerHealth() {
  const ready = useAdminReady();
  const [health, setHealth] = useState<Health | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const refresh = useCallback(() => {
    serverHealth()
      .then((figures) => {
        setHealth(figures);
        setProblem(null);
      })
      .catch((error) => setProblem(problemOf(error, t('adminHealth.failed'))));
  }, []);
  useEffect(() => {
    if (ready) refresh();
  }, [ready, refresh]);

  if (!ready) return null;
  return (
    <section aria-labelledby="server-health" className="mt-10 space-y-3" data-testid="server-health">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="server-health" className="font-display text-2xl">
          {t('adminHealth.title')}
        </h2>
        <button type="button" onClick={refresh} className="min-h-11 rounded-md border border-stone-400 bg-white px-3 font-semibold">
          {t('adminHealth.update')}
        </button>
      </div>
      <FormAlert>{problem}</FormAlert>
      {health && (
        <>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {[
              [t('adminHealth.delayP99'), ms(health.eventLoopDelayMs.p99)],
              [t('adminHealth.delayMedian'), ms(health.eventLoopDelayMs.p50)],
              [t('adminHealth.memory'), t('adminHealth.memoryMb', { value: formatNumber(health.memoryMb.rss) })],
              [t('adminHealth.requests'), formatNumber(health.requests)],
              [t('adminHealth.checking'), checking(health.extraction)],
              [
                t('adminHealth.waiting'),
                t('adminHealth.queued', { queued: formatNumber(health.extraction.queued), limit: formatNumber(health.extraction.queueLimit) }),
              ],
            ].map(([label, value]) => (
              <div key={label} className="rounded-lg border border-stone-200 bg-white p-3">
                <dt className="text-sm text-ink-soft">{label}</dt>
                <dd className="text-xl font-semibold">{value}</dd>
              </div>
            ))}
          </dl>
          <ScrollRegion label={t('adminHealth.busiest')}>
            <table className="w-full text-sm">
              <caption className="p-2 text-start font-semibold">{t('adminHealth.busiestCaption')}</caption>
              <thead>
                <tr className="border-b border-stone-300 bg-parchment">
                  <th scope="col" className="p-2 text-start">
                    {t('adminHealth.route')}
                  </th>
                  <th scope="col" className="p-2 text-end">
                    {t('adminHealth.colRequests')}
                  </th>
                  <th scope="col" className="p-2 text-end">
                    {t('adminHealth.errors')}
                  </th>
                  <th scope="col" className="p-2 text-end">
                    {t('adminHealth.mean')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {health.busiest.map((row) => (
                  <tr key={row.route} className="border-b border-stone-100">
                    <td className="p-2 font-mono" dir="ltr">
                      {row.route}
                    </td>
                    <td className="p-2 text-end">{formatNumber(row.requests)}</td>
                    <td className="p-2 text-end">{formatNumber(row.errors)}</td>
                    <td className="p-2 text-end">{ms(row.meanMs)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </>
      )}
    </section>
  );
}
