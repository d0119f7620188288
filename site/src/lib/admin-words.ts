// The staff pages and roles in the page's language (issue 39). Kept apart from admin-pages.ts, which the e2e tests
// import in Node (where the catalogues are not loaded).
import type { RoleType } from '@writory/shared';
import { t } from '../i18n/t';
import type { AdminPage } from './admin-pages';
import { countOf, type NounForms, pageIntlLocale } from './format';

/** The page's name in the navigation and its heading ("Users", "उपयोगकर्ता", "المستخدمون"). */
export const pageLabel = (page: Pick<AdminPage, 'slug'>): string => t(`adminPage.${page.slug}` as 'adminPage.admin-users');

/** "admins", "judges and admins": who a page is for, in words. */
export function audienceOf(roles: RoleType[]): string {
  const words = roles.map((role) => t(`adminRole.plural.${role}`));
  return new Intl.ListFormat(pageIntlLocale(), { type: 'conjunction' }).format(words);
}

/** "a moderator": the signed-in person's role, in words. */
export const roleInWords = (role: RoleType): string => t(`adminRole.one.${role}`);

/** The page's introduction (static markup only: the browser does not download these). */
export const pagePurpose = (page: Pick<AdminPage, 'slug'>): string => t(`adminPurpose.${page.slug}` as 'adminPurpose.admin-users');

const PLURAL_RULES: Intl.LDMLPluralRule[] = ['zero', 'one', 'two', 'few', 'many', 'other'];

/** "1 poet", "12 poets", Arabic "شاعران": a count of poets in the page's language. */
export const poetsCount = (count: number): string =>
  countOf(count, Object.fromEntries(PLURAL_RULES.map((rule) => [rule, t(`adminCount.poet.${rule}`)])) as NounForms);

/** A staff role's name ("Moderator", "मॉडरेटर", "مشرف"). */
export const roleLabel = (role: RoleType): string => t(`adminRole.label.${role}`);
