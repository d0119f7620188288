// Published content the islands read live (/api/faqs, /api/testimonials): both answered from the cms's public cache.
import type { Faq, Testimonial } from '@writory/shared';
import { apiFetch } from '../lib/api';

export const fetchFaqs = () => apiFetch<Faq[]>('/api/faqs');

export const fetchTestimonials = () => apiFetch<Testimonial[]>('/api/testimonials');
