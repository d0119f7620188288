// The FAQ the chat panel answers from (published by editors; the cms serves it from its public cache).
import type { Faq } from '@writory/shared';
import { fetchFaqs } from '../api/content';
import { loadable, loadInto } from './loadable';

export const $faqs = loadable<Faq[]>();

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
