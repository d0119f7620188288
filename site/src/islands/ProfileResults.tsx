import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { PLACE_LABELS, type ScoreCard } from '@writory/shared';
import { t } from '../i18n/t';
import { useHydrated } from '../components/react/useHydrated';
import { certificatePdfUrl } from '../api/results';
import { formatScore, ordinal } from '../lib/results';
import { $authStatus } from '../stores/auth';
import { $myCertificates, $myResultsState, $scoreCards, resetMyResults, watchMyResults } from '../stores/my-results';
import { competitionOf, competitionTitle, contestLabel } from '../lib/competitions';
import { formatMonth } from '../lib/format';

/** /profile: the poet's score cards (criteria, total, percentile, judges' comments) and certificates. */
export default function ProfileResults() {
  const hydrated = useHydrated();
  const status = useStore($authStatus);
  const cards = useStore($scoreCards);
  const certificates = useStore($myCertificates);
  const state = useStore($myResultsState);

  useEffect(() => {
    if (status !== 'signed-in') return;
    const stop = watchMyResults();
    return () => {
      stop();
      resetMyResults();
    };
  }, [status]);

  if (!hydrated || status !== 'signed-in' || state === 'idle' || state === 'loading') return null;
  return (
    <div className="mt-8 space-y-8">
      <section id="scores" aria-labelledby="profile-scores" className="space-y-4 rounded-lg border border-stone-200 bg-white p-6" data-testid="score-cards">
        <h2 id="profile-scores" className="text-xl font-bold">
          {t('scores.title')}
        </h2>
        {state === 'failed' && <p className="text-sm text-red-800">{t('scores.loadFailed')}</p>}
        {state === 'ready' && cards.length === 0 && <p className="text-ink-soft">{t('scores.none')}</p>}
        <ul className="space-y-6">
          {cards.map((card) => (
            <li key={card.entryCode}>
              <ScoreCardView card={card} />
            </li>
          ))}
        </ul>
      </section>

      <section id="certificates" aria-labelledby="profile-certificates" className="space-y-4 rounded-lg border border-stone-200 bg-white p-6">
        <h2 id="profile-certificates" className="text-xl font-bold">
          {t('certificates.title')}
        </h2>
        {certificates.length === 0 ? (
          <p className="text-ink-soft">{t('certificates.none')}</p>
        ) : (
          <ul className="divide-y divide-stone-100" data-testid="my-certificates">
            {certificates.map((certificate) => {
              const label =
                certificate.kind === 'winner' && certificate.place
                  ? t('certificates.winner', { place: PLACE_LABELS[certificate.place], month: contestMonth(certificate) })
                  : t('certificates.participation', { month: contestMonth(certificate) });
              const href = `/certificate/${encodeURIComponent(certificate.slug)}`;
              return (
                <li key={certificate.slug} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <span className="font-semibold">{label}</span>
                  <span className="flex gap-2">
                    <a className="btn btn-outline btn-sm" href={href} aria-label={`${t('certificates.open')}: ${label}`}>
                      {t('certificates.open')}
                    </a>
                    <a className="btn btn-ghost btn-sm" href={certificatePdfUrl(certificate.slug)} download aria-label={`${t('certificates.pdf')}: ${label}`}>
                      {t('certificates.pdf')}
                    </a>
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}

/** "Story Competition, March 2027" (or just the month for a row from before competitions). */
function contestMonth(row: { month: string }): string {
  const competition = competitionOf(row);
  return competition ? `${competitionTitle(competition.name)}, ${formatMonth(row.month)}` : formatMonth(row.month);
}

function ScoreCardView({ card }: { card: ScoreCard }) {
  const headingId = `score-${card.entryCode}`;
  return (
    <article aria-labelledby={headingId} className="rounded-lg border border-stone-200 p-4" data-testid="score-card">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="font-serif text-lg font-semibold" dir="auto">
            {card.title}
          </h3>
          <p className="text-sm text-ink-soft">
            {contestLabel(card)} · {card.entryCode}
          </p>
        </div>
        <p className="text-end">
          <span className="block text-3xl font-bold text-quill" data-testid="score-total">
            {t('scores.total', { total: formatScore(card.total) })}
          </span>
          {card.place && <span className="mt-1 inline-block rounded-full bg-quill px-3 py-0.5 text-xs font-bold text-white">{PLACE_LABELS[card.place]}</span>}
        </p>
      </div>
      <p className="mt-2 text-sm">
        {t('scores.rank', { rank: ordinal(card.rank), entrants: card.entrants })} · {t('scores.percentile', { percentile: card.percentile })}
      </p>
      {card.closeness && (
        <p className="mt-2 rounded-md bg-parchment p-2 text-sm" data-testid="score-closeness">
          {card.closeness.gap > 0
            ? t('scores.close', { gap: formatScore(card.closeness.gap), score: formatScore(card.closeness.lastWinningScore) })
            : t('scores.closeAbove', { score: formatScore(card.closeness.lastWinningScore) })}
        </p>
      )}
      {card.marks && card.marks.length > 0 && (
        <table className="mt-4 w-full text-sm">
          <thead className="sr-only">
            <tr>
              <th scope="col">{t('scores.criterion')}</th>
              <th scope="col">{t('scores.score')}</th>
            </tr>
          </thead>
          <tbody>
            {card.marks.map((mark) => (
              <tr key={mark.name} data-testid="score-mark">
                <th scope="row" className="w-40 py-1 pe-3 text-start font-medium">
                  <span dir="auto">{mark.name}</span>
                </th>
                <td className="py-1">
                  <span className="flex items-center gap-3">
                    <span className="h-2 flex-1 overflow-hidden rounded-full bg-stone-200" aria-hidden="true">
                      <span className="block h-full rounded-full bg-quill" style={{ width: `${(mark.points / mark.max) * 100}%` }} />
                    </span>
                    <span className="w-14 text-end tabular-nums">
                      {formatScore(mark.points)}/{mark.max}
                    </span>
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h4 className="mt-4 text-sm font-semibold">{t('scores.comments')}</h4>
      {card.comments.length ? (
        card.comments.map((comment, i) => (
          <blockquote key={i} className="mt-2 whitespace-pre-wrap border-s-4 border-parchment ps-3 text-sm text-ink-soft" dir="auto">
            {comment}
          </blockquote>
        ))
      ) : (
        <p className="mt-1 text-sm text-ink-soft">{t('scores.noComments')}</p>
      )}
    </article>
  );
}
