import { useEffect, useId, useState } from 'react';
import { useStore } from '@nanostores/react';
import { PLACE_LABELS, WINNER_PLACES, type WinnerData, type WinnerPlace, type WinnerTimer } from '@writory/shared';
import PublishWhen, { defaultWhen, type When } from '../components/results/PublishWhen';
import TableHead from '../components/results/TableHead';
import TimerPanel from '../components/results/TimerPanel';
import { FormAlert } from '../components/react/Message';
import { publishWinners } from '../api/results';
import { apiErrorBody } from '../lib/api';
import { formatScore, localInputToIso } from '../lib/results';
import { $months, $publishingCompetition, loadMonths, refreshTimer } from '../stores/publication-timers';
import { $winnerSuggestions, loadWinnerSuggestions } from '../stores/results-admin';
import { showToast } from '../stores/toasts';
import { formatDateTime, formatMonth } from '../lib/format';
import { t } from '../i18n/t';
import { localHref } from '../i18n/paths';

const PODIUM: WinnerPlace[] = ['first', 'second', 'third'];

/** /admin-upload, winners: pick 1st, 2nd, 3rd and honourable mentions from the best published scores, then publish now or at a time. */
export default function WinnersAdmin() {
  const months = useStore($months);
  const competition = useStore($publishingCompetition);
  const [month, setMonth] = useState('');
  const suggestions = useStore($winnerSuggestions);
  const [places, setPlaces] = useState<Record<string, WinnerPlace | ''>>({});
  const [when, setWhen] = useState<When>(defaultWhen);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  const candidates = (months ?? []).filter((m) => m.resultsPublished);
  useEffect(() => {
    if (!candidates.some((m) => m.month === month)) setMonth((candidates.find((m) => !m.winnersPublished) ?? candidates[0])?.month ?? '');
  }, [months]);

  useEffect(() => {
    if (!month) return;
    setError(null);
    loadWinnerSuggestions(month, competition)
      .then((top) => {
        // The three best scores are suggested for the podium; the admin decides. (null: a later request answers.)
        if (top) setPlaces(Object.fromEntries(top.map((s, i) => [s.entryCode, PODIUM[i] ?? ''])));
      })
      .catch(() => setError(t('adminWinners.bestFailed')));
  }, [month, competition]);

  const winnerData = (): WinnerData => ({
    competition,
    month,
    winners: Object.entries(places)
      .filter(([, place]) => place)
      .map(([entryCode, place]) => ({ entryCode, place: place as WinnerPlace }))
      .sort((a, b) => WINNER_PLACES.indexOf(a.place) - WINNER_PLACES.indexOf(b.place)),
  });

  const publish = async () => {
    const publishAt = when.mode === 'at' ? localInputToIso(when.at) : null;
    if (when.mode === 'at' && !publishAt) {
      setError(t('adminResults.chooseWhen'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await publishWinners(winnerData(), publishAt);
      showToast({
        title: answer.summary
          ? t('adminWinners.published', { month: formatMonth(month) })
          : t('adminWinners.scheduled', { when: formatDateTime(answer.timer.dueAt) }),
      });
      await Promise.all([refreshTimer('winners'), loadMonths()]);
    } catch (caught) {
      setError(apiErrorBody(caught)?.message ?? t('adminWinners.publishFailed'));
      await refreshTimer('winners').catch(() => undefined);
    } finally {
      setBusy(false);
    }
  };

  const published = candidates.find((m) => m.month === month)?.winnersPublished;
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-5 rounded-lg border border-stone-200 bg-parchment/40 p-5">
      <h2 id={`${id}-title`} className="font-serif text-2xl font-bold">
        {t('adminWinners.title')}
      </h2>
      <TimerPanel kind="winners" what={(timer: WinnerTimer) => t('adminWinners.timerWhat', { month: formatMonth(timer.winnerData.month) })} />
      <FormAlert>{error}</FormAlert>
      {candidates.length === 0 ? (
        <p className="text-sm text-ink-soft">{t('adminWinners.noScores')}</p>
      ) : (
        <>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-month`} className="text-sm font-semibold">
              {t('adminResults.month')}
            </label>
            <select
              id={`${id}-month`}
              value={month}
              onChange={(event) => setMonth(event.target.value)}
              className="w-fit rounded-md border border-stone-400 bg-white px-3 py-2"
            >
              {candidates.map((m) => (
                <option key={m.month} value={m.month}>
                  {formatMonth(m.month)}
                  {m.winnersPublished ? ` · ${t('adminWinners.monthPublished')}` : ''}
                </option>
              ))}
            </select>
          </div>
          {published ? (
            <p className="text-sm text-ink-soft">
              {t('adminWinners.alreadyBefore', { month: formatMonth(month) })}{' '}
              <a className="underline" href={localHref('/winning-poems')}>
                {t('adminWinners.resultsPage')}
              </a>
              .
            </p>
          ) : (
            // No month while another competition's months load: nothing to suggest yet.
            suggestions &&
            month && (
              <>
                <div className="overflow-x-auto rounded-lg border border-stone-200 bg-white">
                  <table className="w-full text-sm" data-testid="winner-suggestions">
                    <caption className="sr-only">{t('adminWinners.caption', { month: formatMonth(month) })}</caption>
                    <TableHead
                      columns={[
                        t('adminWinners.colRank'),
                        t('adminWinners.colPoem'),
                        t('adminWinners.colPoet'),
                        { label: t('adminWinners.colScore'), end: true },
                        t('adminWinners.colPlace'),
                      ]}
                    />
                    <tbody>
                      {suggestions.map((s) => (
                        <tr key={s.entryCode} className="border-t border-stone-100">
                          <td className="px-3 py-2">{s.rank}</td>
                          <td className="px-3 py-2">
                            <span dir="auto">{s.title}</span> <span className="font-mono text-xs text-ink-soft">{s.entryCode}</span>
                          </td>
                          <td className="px-3 py-2">
                            <span dir="auto">{s.poetName}</span>
                          </td>
                          <td className="px-3 py-2 text-end tabular-nums">{formatScore(s.total)}</td>
                          <td className="px-3 py-2">
                            <select
                              aria-label={t('adminWinners.placeOf', { title: s.title, code: s.entryCode })}
                              value={places[s.entryCode] ?? ''}
                              onChange={(event) => setPlaces({ ...places, [s.entryCode]: event.target.value as WinnerPlace | '' })}
                              className="rounded-md border border-stone-400 bg-white px-2 py-1"
                            >
                              <option value="">{t('adminWinners.notWinner')}</option>
                              {WINNER_PLACES.map((place) => (
                                <option key={place} value={place}>
                                  {PLACE_LABELS[place]}
                                </option>
                              ))}
                            </select>
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
                <div className="space-y-3 rounded-lg border border-stone-200 bg-white p-4">
                  <PublishWhen value={when} onChange={setWhen} legend={t('adminWinners.when')} />
                  <button type="button" className="btn btn-default" disabled={busy || !winnerData().winners.length} aria-busy={busy} onClick={publish}>
                    {when.mode === 'now' ? t('adminWinners.publishNow') : t('adminWinners.schedule')}
                  </button>
                </div>
              </>
            )
          )}
        </>
      )}
    </section>
  );
}
