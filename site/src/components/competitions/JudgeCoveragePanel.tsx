import { useEffect, useState } from 'react';
import type { JudgeCoverage } from '@writory/shared';
import { judgeCoverage } from '../../api/competitions';
import { languageName } from '@writory/shared';
import { formatMonth } from '../../lib/format';
import ScrollRegion from '../react/ScrollRegion';

/** Admins: for each competition's month and language, the entries and the judges who read it; the short ones first. */
export default function JudgeCoveragePanel() {
  const [coverage, setCoverage] = useState<JudgeCoverage['data'] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    judgeCoverage().then(
      (answer) => setCoverage([...answer.data].sort((a, b) => Number(b.short) - Number(a.short))),
      () => setFailed(true),
    );
  }, []);
  const short = coverage?.filter((row) => row.short) ?? [];
  return (
    <section aria-labelledby="judge-coverage" className="space-y-3 rounded-lg border border-stone-200 bg-white p-4" data-testid="judge-coverage">
      <h2 id="judge-coverage" className="text-xl font-bold">
        Judges per language
      </h2>
      {failed ? (
        <p className="text-ink-soft">The judges’ languages could not be loaded.</p>
      ) : !coverage ? (
        <p role="status">Loading...</p>
      ) : coverage.length === 0 ? (
        <p className="text-ink-soft">No entries to judge yet this month.</p>
      ) : (
        <>
          <p className={short.length ? 'font-semibold text-red-800' : 'text-emerald-900'} data-testid="judge-coverage-summary">
            {short.length
              ? `Too few judges for ${short.map((row) => `${languageName(row.language)} (${row.competition})`).join(', ')}: give judges these languages on the Users page.`
              : 'Every language with entries has enough judges.'}
          </p>
          <ScrollRegion label="Judges per language, table">
            <table className="w-full text-sm">
              <thead>
                <tr className="border-b border-stone-300 bg-parchment">
                  <th scope="col" className="p-2 text-start">
                    Competition
                  </th>
                  <th scope="col" className="p-2 text-start">
                    Month
                  </th>
                  <th scope="col" className="p-2 text-start">
                    Language
                  </th>
                  <th scope="col" className="p-2 text-end">
                    Entries
                  </th>
                  <th scope="col" className="p-2 text-end">
                    Judges who read it
                  </th>
                  <th scope="col" className="p-2 text-end">
                    Needed
                  </th>
                </tr>
              </thead>
              <tbody>
                {coverage.map((row) => (
                  <tr key={`${row.competition}-${row.month}-${row.language}`} className={`border-b border-stone-200 ${row.short ? 'bg-red-50' : ''}`}>
                    <td className="p-2">{row.competition}</td>
                    <td className="p-2">{formatMonth(row.month)}</td>
                    <td className="p-2">
                      {languageName(row.language)}
                      {row.short && <span className="ms-2 font-semibold text-red-800">short</span>}
                    </td>
                    <td className="p-2 text-end tabular-nums">{row.entries}</td>
                    <td className="p-2 text-end tabular-nums">{row.judges}</td>
                    <td className="p-2 text-end tabular-nums">{row.needed}</td>
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
