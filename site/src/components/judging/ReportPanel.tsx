import { agreementBand, type AdminJudgingReport } from '@writory/shared';
import { t } from '../../i18n/t';

/** For admins: the month's judging report as it stands, with the judges far from their co-judges. */
export default function ReportPanel({ report }: { report: AdminJudgingReport }) {
  const far = report.judgeDetails.filter((judge) => judge.outlier);
  return (
    <section aria-labelledby="report-heading" className="space-y-2 rounded-lg border border-stone-200 bg-white p-5" data-testid="judging-report">
      <h2 id="report-heading" className="font-serif text-xl font-bold">
        {t('judging.report')}
      </h2>
      <p className="text-sm">
        {t('judging.reportCounts', { entries: report.entries, judges: report.judges, perEntry: report.meanJudgesPerEntry, recusals: report.recusals })}
      </p>
      <p className="text-sm" data-testid="report-judges-read">
        {t('judging.reportJudgesRead', {
          min: report.judgesRead.min,
          median: report.judgesRead.median,
          fewer: report.judgesRead.fewer,
          target: report.judgesRead.target,
        })}
      </p>
      <p className="text-sm" data-testid="report-criteria">
        {t('judging.reportCriteria', { criteria: report.criteria.map((criterion) => `${criterion.name} (${criterion.max})`).join(', ') })}
      </p>
      <p className="text-sm font-semibold">
        {report.agreement.value === null ? t('judging.reportNoAgreement') : t('judging.reportAgreement', { value: report.agreement.value })}
      </p>
      <p className="text-sm text-ink-soft">{t(`judging.agreement.${agreementBand(report.agreement.value)}`)}</p>
      <h3 className="font-semibold">{t('judging.reportFar')}</h3>
      {far.length === 0 ? (
        <p className="text-sm text-ink-soft">{t('judging.reportNoneFar')}</p>
      ) : (
        <ul className="text-sm" data-testid="far-judges">
          {far.map((judge) => (
            <li key={judge.uid}>
              {t('judging.reportFarLine', {
                name: judge.name,
                difference: judge.meanDifference! > 0 ? `+${judge.meanDifference}` : String(judge.meanDifference),
                shared: judge.shared,
              })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
