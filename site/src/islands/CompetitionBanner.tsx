import { useEffect, useState } from 'react';
import ContestBanner, { type ContestShown } from '../components/entries/ContestBanner';
import { useHydrated } from '../components/react/useHydrated';
import { currentContest } from '../api/contest';
import { t } from '../i18n/t';

/**
 * A competition page's "open now / closed" box, asked again in the browser, so a page built before the window
 * opened or closed still tells the truth. The built HTML holds the box's frame only: the dates in the reader's own
 * time zone can only be written in the browser (the dates in the contest's zone are in the page below it).
 */
export default function CompetitionBanner({ competition, initial }: { competition: string; initial: ContestShown }) {
  const hydrated = useHydrated();
  const [current, setCurrent] = useState<ContestShown>(initial);
  useEffect(() => {
    let cancelled = false;
    currentContest(competition).then(
      (fresh) => !cancelled && setCurrent(fresh),
      () => undefined, // The built answer stays; the dates below it are the same.
    );
    return () => {
      cancelled = true;
    };
  }, [competition]);
  if (!hydrated) {
    return (
      <section className="min-h-28 rounded-lg border border-amber-200 bg-parchment p-5" aria-busy="true">
        <p className="text-sm text-ink-soft">{t('contest.loading')}</p>
      </section>
    );
  }
  return <ContestBanner current={current} />;
}
