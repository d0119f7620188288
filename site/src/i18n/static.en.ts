// English strings that only static .astro markup reads (built into the HTML, never read in the browser): they stay
// out of the catalogue the browser downloads (en.ts). A feature whose text only pages use spreads its file in here.
import { homeEn } from './home.en';
import { pagesEn } from './pages.en';
import { publicPagesEn } from './public-pages.en';
import { adminPurposesEn } from './admin-purposes.en';
import { resultsPagesEn } from './results-pages.en';

export const staticEn = {
  ...homeEn,
  ...pagesEn,
  ...publicPagesEn,
  ...adminPurposesEn,
  ...resultsPagesEn,
} as const;
