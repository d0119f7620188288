// Hindi strings of the staff pages: the keys of admin.en.ts.
import { adminPagesHi } from './admin-pages.hi';
import { adminMoneyHi } from './admin-money.hi';
import { adminPeopleHi } from './admin-people.hi';
import { adminResultsHi } from './admin-results.hi';
import { adminCompetitionsHi } from './admin-competitions.hi';
import { adminSiteHi } from './admin-site.hi';
import type { AdminCatalogue } from './types';

export const adminHi: AdminCatalogue = {
  ...adminPagesHi,
  ...adminMoneyHi,
  ...adminPeopleHi,
  ...adminResultsHi,
  ...adminCompetitionsHi,
  ...adminSiteHi,
};
