import type { Core } from '@strapi/strapi';
import type { Faq, Locale, ServedLocale } from '@writory/shared';
import { listInLocale } from '../../../lib/content-locale';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /** Published questions in the editors' order, each in `locale` when translated, else in English. */
  async published(locale: Locale = 'en'): Promise<(Faq & ServedLocale)[]> {
    const faqs = strapi.documents('api::faq.faq');
    const read = (wanted: Locale, documentIds?: string[]) =>
      faqs.findMany({
        status: 'published',
        locale: wanted,
        ...(documentIds ? { filters: { documentId: { $in: documentIds } } } : {}),
        sort: [{ order: 'asc' }, { id: 'asc' }],
        fields: ['question', 'answer', 'keywords'],
        limit: 500,
      });
    const rows = await listInLocale(locale, await read('en'), (documentIds, wanted) => read(wanted, documentIds));
    return rows.map((row: any) => ({
      id: row.documentId,
      question: row.question,
      answer: row.answer,
      keywords: row.keywords ?? '',
      locale: row.locale,
      fallback: row.fallback,
    }));
  },
});
