// Arabic strings of the staff pages: the keys of admin.en.ts.
import { adminPagesAr } from './admin-pages.ar';
import { adminMoneyAr } from './admin-money.ar';
import { adminPeopleAr } from './admin-people.ar';
import { adminResultsAr } from './admin-results.ar';
import { adminCompetitionsAr } from './admin-competitions.ar';
import { adminSiteAr } from './admin-site.ar';
import type { AdminCatalogue } from './types';

export const adminAr: AdminCatalogue = {
  ...adminPagesAr,
  ...adminMoneyAr,
  ...adminPeopleAr,
  ...adminResultsAr,
  ...adminCompetitionsAr,
  ...adminSiteAr,
};
