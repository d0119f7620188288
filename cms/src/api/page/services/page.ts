import type { Core } from '@strapi/strapi';
import type { ContentPage } from '@writory/shared';

export const PAGE_SLUGS = ['about', 'terms', 'privacy'] as const;
export type PageSlug = (typeof PAGE_SLUGS)[number];

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /** The editable single type behind /about, /terms or /privacy. */
  async find(slug: PageSlug): Promise<ContentPage | null> {
    const row: any = await strapi.documents(`api::${slug}-page.${slug}-page` as any).findFirst();
    if (!row) return null;
    return { slug, title: row.title, intro: row.intro ?? '', body: row.body ?? [], updatedAt: row.updatedAt };
  },
});
