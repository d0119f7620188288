import type { Core } from '@strapi/strapi';
import type { Faq } from '@writory/shared';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async published(): Promise<Faq[]> {
    const rows = await strapi.documents('api::faq.faq').findMany({
      status: 'published',
      sort: [{ order: 'asc' }, { id: 'asc' }],
      fields: ['question', 'answer', 'keywords'],
      limit: 500,
    });
    return rows.map((row: any) => ({ id: row.documentId, question: row.question, answer: row.answer, keywords: row.keywords ?? '' }));
  },
});
