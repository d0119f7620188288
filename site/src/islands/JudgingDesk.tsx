import { useEffect, useState } from 'react';
import type { CompetitionSummary } from '@writory/shared';
import { competitionList } from '../api/competitions';
import { useStore } from '@nanostores/react';
import EntryDesk from '../components/judging/EntryDesk';
import ProgressPanel from '../components/judging/ProgressPanel';
import MyJudgeLanguages from '../components/competitions/MyJudgeLanguages';
import QueueList from '../components/judging/QueueList';
import ReportPanel from '../components/judging/ReportPanel';
import MonthSelect from '../components/entries/MonthSelect';
import { Failure, Loading } from '../components/react/States';
import { useHydrated } from '../components/react/useHydrated';
import { t } from '../i18n/t';
import { $authStatus } from '../stores/auth';
import {
  $judgingCompetition,
  $openEntry,
  $progress,
  $queue,
  $report,
  closeEntry,
  loadProgress,
  loadQueue,
  loadReport,
  openEntry,
  recuse,
  submitScores,
} from '../stores/judging';
import { $productUser } from '../stores/product-user';
import { showToast } from '../stores/toasts';

/** /admin-submissions: judges (and admins) score entries blind; admins also see each judge's progress. */
export default function JudgingDesk() {
  const hydrated = useHydrated();
  const status = useStore($authStatus);
  const user = useStore($productUser);
  const queue = useStore($queue);
  const open = useStore($openEntry);
  const progress = useStore($progress);
  const report = useStore($report);
  const allowed = user?.role === 'judge' || user?.role === 'admin';
  const isAdmin = user?.role === 'admin';
  const competition = useStore($judgingCompetition);
  const [competitions, setCompetitions] = useState<CompetitionSummary[]>([]);
  useEffect(() => {
    competitionList().then(
      (list) => setCompetitions(list.data),
      () => setCompetitions([]),
    );
  }, []);
  const changeCompetition = (slug: string) => {
    $judgingCompetition.set(slug);
    closeEntry();
    $progress.set(null);
    $report.set(null);
    void loadQueue();
    if (isAdmin) void Promise.all([loadProgress(), loadReport()]);
  };

  useEffect(() => {
    if (status !== 'signed-in' || !allowed) return;
    void loadQueue();
    if (isAdmin) void Promise.all([loadProgress(), loadReport()]);
  }, [status, allowed, isAdmin]);
  useEffect(() => {
    if (open.state === 'ready') document.getElementById('desk-heading')?.focus();
  }, [open.state, open.data?.code]);

  if (!hydrated || status !== 'signed-in' || !allowed || queue.state === 'loading') return <Loading>{t('judging.loading')}</Loading>;
  if (!queue.data) return <Failure>{t('judging.failed')}</Failure>;
  const data = queue.data;
  const changeMonth = (month: string) => {
    void loadQueue(month);
    if (isAdmin) void Promise.all([loadProgress(month), loadReport(month)]);
  };
  const score = async (scores: Parameters<typeof submitScores>[1]) => {
    const code = open.data!.code;
    await submitScores(code, scores, isAdmin);
    showToast({ title: t('judging.submitted', { code }) });
  };
  const stepBack = async (note: string) => {
    const code = open.data!.code;
    await recuse(code, note, isAdmin);
    showToast({ title: t('judging.recused', { code }) });
    document.getElementById('judging-mine')?.focus();
  };

  return (
    <div className="space-y-6" data-testid="judging-desk">
      <div className="flex flex-wrap items-end gap-4">
        {competitions.length > 1 && (
          <div className="flex flex-col gap-1">
            <label htmlFor="judging-competition" className="text-sm font-semibold">
              {t('judging.competitionLabel')}
            </label>
            <select
              id="judging-competition"
              value={competition}
              onChange={(event) => changeCompetition(event.target.value)}
              className="min-h-11 rounded-md border border-stone-400 bg-white px-3"
            >
              {competitions.map((c) => (
                <option key={c.slug} value={c.slug}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
        )}
        <MonthSelect months={data.months} value={data.month} onChange={changeMonth} />
        <p id="judging-mine" tabIndex={-1} className="text-sm focus:outline-none" data-testid="judging-mine">
          {t('judging.mine', { scored: data.mine.scored, left: data.mine.left })}
        </p>
      </div>
      <MyJudgeLanguages />
      {isAdmin && progress && <ProgressPanel progress={progress} />}
      {isAdmin && report && <ReportPanel report={report} />}
      {data.assigning && (
        <p className="text-ink-soft" role="status">
          {t('judging.assigning')}
        </p>
      )}
      <QueueList queue={data} openCode={open.data?.code ?? null} onOpen={(code) => void openEntry(code)} />
      {open.state === 'loading' && <Loading>{t('common.loading')}</Loading>}
      {open.state === 'failed' && <Failure>{t('judging.failed')}</Failure>}
      {open.state === 'ready' && open.data && <EntryDesk entry={open.data} onScore={score} onRecuse={stepBack} />}
    </div>
  );
}
