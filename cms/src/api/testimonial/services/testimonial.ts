import type { Core } from '@strapi/strapi';
import type { Testimonial } from '@writory/shared';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /** Published testimonials in the editors' order; the picture under both spellings the spec uses. */
  async published(): Promise<Testimonial[]> {
    const rows = await strapi.documents('api::testimonial.testimonial').findMany({
      status: 'published',
      sort: [{ order: 'asc' }, { createdAt: 'asc' }],
      populate: { profilePicture: { fields: ['url', 'alternativeText'] } },
      limit: 50,
    });
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
      };
    });
  },
});
