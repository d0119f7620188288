import type { ContestInfo, CurrentContest } from '@writory/shared';
import { t } from '../../i18n/t';
import { closingShown, formatBoth } from '../../lib/contest-time';
import { formatMonth } from '../../lib/format';

/** An instant in the contest's time zone, with the visitor's own time beside it when it differs. */
export function When({ iso, zone }: { iso: string; zone: string }) {
  const { contest, local } = formatBoth(iso, zone);
  return (
    <>
      <time dateTime={iso}>{contest}</time>
      {local && <span className="text-ink-soft"> ({t('contest.yourTime', { when: local })})</span>}
    </>
  );
}

function Open({ contest, zone }: { contest: ContestInfo; zone: string }) {
  return (
    <>
      <h2 className="font-serif text-xl font-bold">{t('contest.current', { month: formatMonth(contest.month) })}</h2>
      {contest.theme && <p className="mt-1 font-semibold text-quill">{t('contest.theme', { theme: contest.theme })}</p>}
      <p className="mt-2 text-sm">
        {t('contest.closes')} <When iso={closingShown(contest.closesAt, zone)} zone={zone} />
      </p>
      <p className="text-sm">
        {t('contest.results')} <When iso={contest.resultsAt} zone={zone} />
      </p>
    </>
  );
}

/**
 * What the banner shows of GET /api/contests/current: not the cms's `now`, which it never reads (a competition page
 * built with it changed on every site rebuild, and was compressed again each time).
 */
export type ContestShown = Omit<CurrentContest, 'now'>;

/** This month's contest at a glance: open (theme, closing and results dates) or closed (when the next opens). */
export default function ContestBanner({ current }: { current: ContestShown }) {
  return (
    <section className="rounded-lg border border-amber-200 bg-parchment p-5" data-testid="contest-banner">
      {current.current ? (
        <Open contest={current.current} zone={current.timeZone} />
      ) : (
        <>
          <h2 className="font-serif text-xl font-bold">{t('contest.closed')}</h2>
          {current.next && (
            <p className="mt-2 text-sm" data-testid="next-opens">
              {t('contest.nextOpens', { month: formatMonth(current.next.month) })} <When iso={current.next.opensAt} zone={current.timeZone} />.
            </p>
          )}
        </>
      )}
    </section>
  );
}
