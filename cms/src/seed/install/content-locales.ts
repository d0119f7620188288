// Editors' content in the site's languages (issue 39), through Strapi's own i18n: the locales every install has,
// and the one-time move of content written before translations into the English locale.
import type { Core } from '@strapi/strapi';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@writory/shared';

/** How the panel's locale menu names each language (Strapi's "Name (code)" convention). */
const LOCALE_NAMES: Record<Locale, string> = { en: 'English (en)', hi: 'Hindi (hi)', ar: 'Arabic (ar)' };

const i18nLocales = (strapi: Core.Strapi) => strapi.plugin('i18n').service('locales');

/**
 * Strapi's i18n locales are the site's (`LOCALES`), English the default: created when missing, on every boot. A
 * locale an operator added in the panel is left as it is (the site does not build it).
 */
export async function ensureContentLocales(strapi: Core.Strapi): Promise<void> {
  const locales = i18nLocales(strapi);
  for (const code of LOCALES) {
    if (!(await locales.findByCode(code))) await locales.create({ code, name: LOCALE_NAMES[code] });
  }
  if ((await locales.getDefaultLocale()) !== DEFAULT_LOCALE) await locales.setDefaultLocale({ code: DEFAULT_LOCALE });
}

/** The content types editors translate: those whose schema switches Strapi's i18n on. */
export function localizedTypes(strapi: Core.Strapi): string[] {
  return Object.entries(strapi.contentTypes)
    .filter(([uid, type]) => uid.startsWith('api::') && (type.pluginOptions as { i18n?: { localized?: boolean } } | undefined)?.i18n?.localized === true)
    .map(([uid]) => uid);
}

/**
 * Rows written before a type was translated have no locale, and Strapi's i18n reads only rows of a locale: they
 * become the English (default) version. Strapi does the same when its stored schema shows the switch; this covers a
 * database whose stored schema did not (a restored dump, a default locale other than English at the time). Runs
 * on every boot; a second run finds nothing. Returns how many rows each type had moved.
 */
export async function editorsContentInEnglish(strapi: Core.Strapi): Promise<Record<string, number>> {
  const moved: Record<string, number> = {};
  for (const uid of localizedTypes(strapi)) {
    const { count } = await strapi.db.query(uid as never).updateMany({ where: { locale: null }, data: { locale: DEFAULT_LOCALE } });
    if (count) moved[uid] = count;
  }
  return moved;
}
