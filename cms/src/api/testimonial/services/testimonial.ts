import type { Core } from '@strapi/strapi';
import type { Locale, ServedLocale, Testimonial } from '@writory/shared';
import { listInLocale } from '../../../lib/content-locale';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /**
   * Published testimonials in the editors' order, each in `locale` when translated, else in English; the picture
   * under both spellings the spec uses.
   */
  async published(locale: Locale = 'en'): Promise<(Testimonial & ServedLocale)[]> {
    const testimonials = strapi.documents('api::testimonial.testimonial');
    const read = (wanted: Locale, documentIds?: string[]) =>
      testimonials.findMany({
        status: 'published',
        locale: wanted,
        ...(documentIds ? { filters: { documentId: { $in: documentIds } } } : {}),
        sort: [{ order: 'asc' }, { createdAt: 'asc' }],
        populate: { profilePicture: { fields: ['url', 'alternativeText'] } },
        limit: 50,
      });
    const rows = await listInLocale(locale, await read('en'), (documentIds, wanted) => read(wanted, documentIds));
    return rows.map((row: any) => {
      const picture = row.profilePicture?.url ?? null;
      return {
        id: row.documentId,
        name: row.name,
        message: row.message,
        title: row.title ?? null,
        age: row.age ?? null,
        location: row.location ?? null,
        profile_picture: picture,
        profilePicture: picture,
        locale: row.locale,
        fallback: row.fallback,
      };
    });
  },
});
