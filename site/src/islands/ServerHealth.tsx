import { useCallback, useEffect, useState } from 'react';
import type { ServerHealth as Health } from '@writory/shared';
import { serverHealth } from '../api/health';
import { FormAlert } from '../components/react/Message';
import ScrollRegion from '../components/react/ScrollRegion';
import { useAdminReady } from '../components/react/useAdminReady';
import { problemOf } from '../lib/api';

const ms = (value: number | null) => (value === null ? '—' : `${value.toLocaleString()} ms`);

/** Poems being checked, in words: by how many worker threads, or on the request thread (EXTRACTION_WORKERS=0). */
const checking = ({ workers, active }: Health['extraction']) =>
  workers === 0 ? 'On the request thread' : `${active.toLocaleString()} of ${workers.toLocaleString()} workers`;

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
      .catch((error) => setProblem(problemOf(error, 'The server’s health could not be read. Try again.')));
  }, []);
  useEffect(() => {
    if (ready) refresh();
  }, [ready, refresh]);

  if (!ready) return null;
  return (
    <section aria-labelledby="server-health" className="mt-10 space-y-3" data-testid="server-health">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="server-health" className="font-display text-2xl">
          Server health
        </h2>
        <button type="button" onClick={refresh} className="min-h-11 rounded-md border border-stone-400 bg-white px-3 font-semibold">
          Update figures
        </button>
      </div>
      <FormAlert>{problem}</FormAlert>
      {health && (
        <>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {[
              ['Event-loop delay, p99', ms(health.eventLoopDelayMs.p99)],
              ['Event-loop delay, median', ms(health.eventLoopDelayMs.p50)],
              ['Memory in use', `${health.memoryMb.rss.toLocaleString()} MB`],
              ['Requests since start', health.requests.toLocaleString()],
              ['Poems being checked', checking(health.extraction)],
              ['Poems waiting to be checked', `${health.extraction.queued.toLocaleString()} of at most ${health.extraction.queueLimit.toLocaleString()}`],
            ].map(([label, value]) => (
              <div key={label} className="rounded-lg border border-stone-200 bg-white p-3">
                <dt className="text-sm text-ink-soft">{label}</dt>
                <dd className="text-xl font-semibold">{value}</dd>
              </div>
            ))}
          </dl>
          <ScrollRegion label="Busiest routes">
            <table className="w-full text-sm">
              <caption className="p-2 text-start font-semibold">Busiest routes since the server started</caption>
              <thead>
                <tr className="border-b border-stone-300 bg-parchment">
                  <th scope="col" className="p-2 text-start">
                    Route
                  </th>
                  <th scope="col" className="p-2 text-end">
                    Requests
                  </th>
                  <th scope="col" className="p-2 text-end">
                    Server errors
                  </th>
                  <th scope="col" className="p-2 text-end">
                    Mean time
                  </th>
                </tr>
              </thead>
              <tbody>
                {health.busiest.map((row) => (
                  <tr key={row.route} className="border-b border-stone-100">
                    <td className="p-2 font-mono" dir="ltr">
                      {row.route}
                    </td>
                    <td className="p-2 text-end">{row.requests.toLocaleString()}</td>
                    <td className="p-2 text-end">{row.errors.toLocaleString()}</td>
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
