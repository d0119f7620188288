import { useEffect, useState } from 'react';
import type { CurrentContest } from '@writory/shared';
import ContestBanner from '../components/entries/ContestBanner';
import { currentContest } from '../api/contest';

/**
 * A competition page's "open now / closed" box: built with the page, then asked again in the browser, so a page
 * built before the window opened or closed still tells the truth.
 */
export default function CompetitionBanner({ competition, initial }: { competition: string; initial: CurrentContest }) {
  const [current, setCurrent] = useState(initial);
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
  return <ContestBanner current={current} />;
}
