import { Fragment, useState } from 'react';
import ScrollRegion from '../react/ScrollRegion';
import type { EntryJudging, JudgingProgress } from '@writory/shared';
import { t } from '../../i18n/t';
import { problemOf } from '../../lib/api';
import { setJudges } from '../../stores/judging';
import { showToast } from '../../stores/toasts';
import { Failure } from '../react/States';

/** One entry's judges, and a disclosure to change them (judges who already scored stay). */
function EntryRow({ entry, progress }: { entry: EntryJudging; progress: JudgingProgress }) {
  const [chosen, setChosen] = useState(() => new Set(entry.judges.map((judge) => judge.uid)));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const scored = new Set(entry.judges.filter((judge) => judge.scored).map((judge) => judge.uid));
  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await setJudges(entry.code, [...chosen]);
      showToast({ title: t('judging.changeSaved', { code: entry.code }) });
    } catch (failure) {
      setError(t('judging.changeFailed', { reason: problemOf(failure, '') }).trim());
    } finally {
      setBusy(false);
    }
  };
  const toggle = (uid: string, on: boolean) =>
    setChosen((now) => {
      const next = new Set(now);
      if (on) next.add(uid);
      else next.delete(uid);
      return next;
    });
  return (
    <tr className="border-t border-stone-200 align-top" data-testid="assignment-row">
      <th scope="row" className="p-2 text-start font-mono font-normal">
        {entry.code}
      </th>
      <td className="p-2">
        {entry.judges.length === 0
          ? t('judging.noJudgesYet')
          : entry.judges.map((judge, i) => (
              // A judge's name keeps its own script and direction; the mark after it is the page's.
              <Fragment key={judge.uid}>
                {i > 0 && ', '}
                <span dir="auto">{judge.name}</span>
                {judge.scored && ` (${t('judging.scoredMark')})`}
              </Fragment>
            ))}
        {entry.missing > 0 && <span className="ms-2 font-semibold text-amber-900">{t('judging.entryMissing', { missing: entry.missing })}</span>}
      </td>
      <td className="p-2">
        {entry.status !== 'published' && (
          <details>
            <summary className="cursor-pointer text-sm underline">{t('judging.change', { code: entry.code })}</summary>
            <form onSubmit={save} className="mt-2 space-y-1">
              <fieldset>
                <legend className="sr-only">{t('judging.change', { code: entry.code })}</legend>
                {progress.judges.map((judge) => (
                  <label key={judge.uid} className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      checked={chosen.has(judge.uid)}
                      disabled={scored.has(judge.uid)}
                      onChange={(event) => toggle(judge.uid, event.target.checked)}
                    />
                    {judge.name}
                  </label>
                ))}
              </fieldset>
              {error && <Failure>{error}</Failure>}
              <button type="submit" className="btn btn-outline btn-sm" disabled={busy}>
                {t('judging.changeSave')}
              </button>
            </form>
          </details>
        )}
      </td>
    </tr>
  );
}

/** For admins: every entry of the month with its judges. */
export default function AssignmentTable({ progress }: { progress: JudgingProgress }) {
  if (progress.assignments.length === 0) return null;
  return (
    <div className="space-y-2">
      <h3 className="font-semibold">{t('judging.assignments')}</h3>
      <p className="text-sm text-ink-soft">{t('judging.assignmentsHelp')}</p>
      <ScrollRegion label={t('judging.assignments')} framed={false} className="max-h-96 overflow-y-auto">
        <table className="w-full text-sm" data-testid="assignments">
          <thead>
            <tr>
              <th scope="col" className="p-2 text-start">
                {t('judging.entries')}
              </th>
              <th scope="col" className="p-2 text-start">
                {t('judging.entryJudges')}
              </th>
              <th scope="col" className="p-2 text-start">
                <span className="sr-only">{t('judging.changeSave')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {progress.assignments.map((entry) => (
              <EntryRow key={`${entry.code}-${entry.judges.map((j) => j.uid).join()}`} entry={entry} progress={progress} />
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </div>
  );
}
