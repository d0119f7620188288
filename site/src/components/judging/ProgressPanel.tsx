import type { JudgingProgress } from '@writory/shared';
import ScrollRegion from '../react/ScrollRegion';
import { t } from '../../i18n/t';
import AssignmentTable from './AssignmentTable';

/** For admins: each judge's assignments and what is left, each entry's judges (changeable), and recusals. */
export default function ProgressPanel({ progress }: { progress: JudgingProgress }) {
  return (
    <section aria-labelledby="progress-heading" className="space-y-3 rounded-lg border border-stone-200 bg-white p-5" data-testid="judging-progress">
      <h2 id="progress-heading" className="font-serif text-xl font-bold">
        {t('judging.progress')}
      </h2>
      <ScrollRegion label={t('judging.progressJudges')} framed={false}>
        <table className="w-full text-sm">
          <thead>
            <tr className="text-start">
              <th scope="col" className="p-2 text-start">
                {t('judging.progressJudge')}
              </th>
              <th scope="col" className="p-2 text-end">
                {t('judging.progressAssigned')}
              </th>
              <th scope="col" className="p-2 text-end">
                {t('judging.progressScored')}
              </th>
              <th scope="col" className="p-2 text-end">
                {t('judging.progressLeft')}
              </th>
              <th scope="col" className="p-2 text-end">
                {t('judging.progressRecused')}
              </th>
            </tr>
          </thead>
          <tbody>
            {progress.judges.map((judge) => (
              <tr key={judge.uid} className="border-t border-stone-200">
                <th scope="row" className="p-2 text-start font-normal">
                  {judge.name} <span className="break-all text-ink-soft">{judge.email}</span>
                </th>
                <td className="p-2 text-end">{judge.assigned}</td>
                <td className="p-2 text-end">{judge.scored}</td>
                <td className="p-2 text-end">{judge.left}</td>
                <td className="p-2 text-end">{judge.recused}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <h3 className="font-semibold">{t('judging.underJudged', { needed: progress.judgesPerEntry })}</h3>
      {progress.underJudged.length === 0 ? (
        <p className="text-sm text-ink-soft">{t('judging.allJudged')}</p>
      ) : (
        <ul className="flex flex-wrap gap-2 text-sm" data-testid="under-judged">
          {progress.underJudged.map((entry) => (
            <li key={entry.code} className="rounded-full bg-parchment px-3 py-1">
              <span className="font-mono">{entry.code}</span> · {entry.judges}/{progress.judgesPerEntry}
            </li>
          ))}
        </ul>
      )}
      <AssignmentTable progress={progress} />
      <h3 className="font-semibold">{t('judging.recusals')}</h3>
      {progress.recusals.length === 0 ? (
        <p className="text-sm text-ink-soft">{t('judging.noRecusals')}</p>
      ) : (
        <ul className="space-y-1 text-sm" data-testid="recusals">
          {progress.recusals.map((recusal) => (
            <li key={`${recusal.code}-${recusal.judge}`}>
              {t('judging.recusalLine', { judge: recusal.judge, code: recusal.code })}
              {recusal.note && (
                <>
                  : <q dir="auto">{recusal.note}</q>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
