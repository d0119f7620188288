import { useEffect, useState } from 'react';
import type { JudgeCoverage } from '@writory/shared';
import { judgeCoverage } from '../../api/competitions';
import { formatMonth, formatNumber, pageIntlLocale } from '../../lib/format';
import { t } from '../../i18n/t';
import ScrollRegion from '../react/ScrollRegion';
import { languageNameHere } from '../../lib/competitions';

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
        {t('adminCoverage.title')}
      </h2>
      {failed ? (
        <p className="text-ink-soft">{t('adminCoverage.failed')}</p>
      ) : !coverage ? (
        <p role="status">{t('common.loading')}</p>
      ) : coverage.length === 0 ? (
        <p className="text-ink-soft">{t('adminCoverage.none')}</p>
      ) : (
        <>
          <p className={short.length ? 'font-semibold text-red-800' : 'text-emerald-900'} data-testid="judge-coverage-summary">
            {short.length
              ? t('adminCoverage.short', {
                  languages: new Intl.ListFormat(pageIntlLocale(), { type: 'conjunction' }).format(
                    short.map((row) => `${languageNameHere(row.language)} (${row.competition})`),
                  ),
                })
              : t('adminCoverage.enough')}
          </p>
          <ScrollRegion label={t('adminCoverage.tableLabel')}>
            <table className="w-full text-sm">
              <thead>
                <tr className="border-b border-stone-300 bg-parchment">
                  <th scope="col" className="p-2 text-start">
                    {t('adminCoverage.colCompetition')}
                  </th>
                  <th scope="col" className="p-2 text-start">
                    {t('adminCoverage.colMonth')}
                  </th>
                  <th scope="col" className="p-2 text-start">
                    {t('adminCoverage.colLanguage')}
                  </th>
                  <th scope="col" className="p-2 text-end">
                    {t('adminCoverage.colEntries')}
                  </th>
                  <th scope="col" className="p-2 text-end">
                    {t('adminCoverage.colJudges')}
                  </th>
                  <th scope="col" className="p-2 text-end">
                    {t('adminCoverage.colNeeded')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {coverage.map((row) => (
                  <tr key={`${row.competition}-${row.month}-${row.language}`} className={`border-b border-stone-200 ${row.short ? 'bg-red-50' : ''}`}>
                    <td className="p-2">{row.competition}</td>
                    <td className="p-2">{formatMonth(row.month)}</td>
                    <td className="p-2">
                      {languageNameHere(row.language)}
                      {row.short && <span className="ms-2 font-semibold text-red-800">{t('adminCoverage.shortMark')}</span>}
                    </td>
                    <td className="p-2 text-end tabular-nums">{formatNumber(row.entries)}</td>
                    <td className="p-2 text-end tabular-nums">{formatNumber(row.judges)}</td>
                    <td className="p-2 text-end tabular-nums">{formatNumber(row.needed)}</td>
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
