// Arabic strings that only static .astro markup reads: the keys of static.en.ts.
import { homeAr } from './home.ar';
import { pagesAr } from './pages.ar';
import { publicPagesAr } from './public-pages.ar';
import { adminPurposesAr } from './admin-purposes.ar';
import { resultsPagesAr } from './results-pages.ar';
import type { StaticCatalogue } from './types';

export const staticAr: StaticCatalogue = {
  ...homeAr,
  ...pagesAr,
  ...publicPagesAr,
  ...adminPurposesAr,
  ...resultsPagesAr,
};
