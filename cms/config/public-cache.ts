// Hot public reads the cms answers from memory, ahead of its whole middleware stack (src/lib/public-cache.ts).
// Declare here only GET endpoints whose answer is the same for every caller: no user, no cookie, no query string
// (but `?locale=` where the endpoint is declared `byLocale`).
// The first request in each period goes through every middleware and the controller; its status 200 answer (body
// and headers: Cache-Control, security headers, CORS for the caller's Origin) is kept for `ttlSeconds` and replayed.
// `invalidatedBy` lists models whose writes (panel, API or seeders, on this instance) drop the cached answer at once.
export interface PublicCacheEndpoint {
  path: string;
  ttlSeconds: number;
  invalidatedBy?: string[];
  /** Answered per `?locale=` (editors' translations, issue 39): each locale's answer is kept apart. */
  byLocale?: boolean;
}

const endpoints: PublicCacheEndpoint[] = [
  { path: '/api/users/count', ttlSeconds: 10 },
  { path: '/api/submission-count', ttlSeconds: 10, invalidatedBy: ['api::entry.entry'] },
  { path: '/api/testimonials', ttlSeconds: 60, invalidatedBy: ['api::testimonial.testimonial'], byLocale: true },
  { path: '/api/faqs', ttlSeconds: 60, invalidatedBy: ['api::faq.faq'], byLocale: true },
];

export default { endpoints };
