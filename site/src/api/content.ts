// Published content the islands read live (/api/faqs, /api/testimonials): both answered from the cms's public cache,
// in the page's language where an editor translated an item (`?locale=`), else in English marked `fallback`.
import type { Faq, Testimonial } from '@writory/shared';
import { apiFetch } from '../lib/api';
import { localeQuery, type LocaleServed } from '../lib/served-locale';

export type ServedFaq = Faq & LocaleServed;

export const fetchFaqs = () => apiFetch<ServedFaq[]>(`/api/faqs${localeQuery()}`);

export const fetchTestimonials = () => apiFetch<(Testimonial & LocaleServed)[]>(`/api/testimonials${localeQuery()}`);
