// The FAQ the chat panel answers from (published by editors; the cms serves it from its public cache), in the
// page's language where translated.
import { fetchFaqs, type ServedFaq } from '../api/content';
import { loadable, loadInto } from './loadable';

export const $faqs = loadable<ServedFaq[]>();

/** Reads the FAQ again; a list already shown stays until the answer comes. */
export const loadFaqs = () =>
  loadInto(
    $faqs,
    async () => {
      const faqs = await fetchFaqs();
      return Array.isArray(faqs) ? faqs : [];
    },
    'the FAQ',
  );
