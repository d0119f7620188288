// English strings of the staff pages (issue 39): a catalogue of its own, which only pages with the admin layout
// load (`[data-admin-page]`, see t.ts), so public pages do not download the admin tools' words.
import { adminPagesEn } from './admin-pages.en';
import { adminMoneyEn } from './admin-money.en';
import { adminPeopleEn } from './admin-people.en';
import { adminResultsEn } from './admin-results.en';
import { adminCompetitionsEn } from './admin-competitions.en';
import { adminSiteEn } from './admin-site.en';

export const adminEn = {
  ...adminPagesEn,
  ...adminMoneyEn,
  ...adminPeopleEn,
  ...adminResultsEn,
  ...adminCompetitionsEn,
  ...adminSiteEn,
} as const;
