import type { Core } from '@strapi/strapi';
import type { ContentPage, Locale, ServedLocale } from '@writory/shared';
import { oneInLocale } from '../../../lib/content-locale';

export const PAGE_SLUGS = ['about', 'terms', 'privacy'] as const;
export type PageSlug = (typeof PAGE_SLUGS)[number];

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /** The editable single type behind /about, /terms or /privacy, in `locale` when translated, else in English. */
  async find(slug: PageSlug, locale: Locale = 'en'): Promise<(ContentPage & ServedLocale) | null> {
    const pages = strapi.documents(`api::${slug}-page.${slug}-page` as any);
    return oneInLocale(locale, async (wanted) => {
      const row: any = await pages.findFirst({ locale: wanted });
      return row ? { slug, title: row.title, intro: row.intro ?? '', body: row.body ?? [], updatedAt: row.updatedAt } : null;
    });
  },
});
