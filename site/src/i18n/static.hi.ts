// Hindi strings that only static .astro markup reads: the keys of static.en.ts.
import { homeHi } from './home.hi';
import { pagesHi } from './pages.hi';
import { publicPagesHi } from './public-pages.hi';
import { adminPurposesHi } from './admin-purposes.hi';
import { resultsPagesHi } from './results-pages.hi';
import type { StaticCatalogue } from './types';

export const staticHi: StaticCatalogue = {
  ...homeHi,
  ...pagesHi,
  ...publicPagesHi,
  ...adminPurposesHi,
  ...resultsPagesHi,
};
