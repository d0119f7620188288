import type { Core } from '@strapi/strapi';
import { runInBackground } from './background';

/** Content the static site renders: a change to any of these asks the site to rebuild. */
export const SITE_CONTENT = new Set([
  'api::article.article',
  'api::tag.tag',
  'api::testimonial.testimonial',
  'api::site-setting.site-setting',
  'api::about-page.about-page',
  'api::terms-page.terms-page',
  'api::privacy-page.privacy-page',
  'api::faq.faq',
  'api::payment.entry-tier',
  // Editors write a competition's description in the panel; its page, the footer and /submit are built from it.
  'api::competition.competition',
  // …and its Hindi and Arabic translations (issue 39).
  'api::competition.competition-description',
]);
const CHANGES = new Set(['create', 'update', 'delete', 'publish', 'unpublish', 'discardDraft']);
const requesters = new WeakMap<Core.Strapi, { request(): void; flush(): void }>();

/** Asks the site to rebuild (debounced) for a change the document service does not see, e.g. a wall decision. */
export const requestSiteRebuild = (strapi: Core.Strapi) => requesters.get(strapi)?.request();

/** Shutdown: a rebuild still waiting for its debounce is asked for now (as background work). */
export const flushSiteRebuild = (strapi: Core.Strapi) => requesters.get(strapi)?.flush();

/** Tells the site to rebuild (debounced) whenever published content changes, however it changed. */
export function watchContentForSiteRebuild(strapi: Core.Strapi, env = process.env) {
  const url = env.SITE_REBUILD_URL;
  const token = env.SITE_REBUILD_TOKEN ?? '';
  if (!url) return;
  let timer: NodeJS.Timeout | undefined;
  const send = () =>
    runInBackground(strapi, 'site rebuild request', async () => {
      try {
        const res = await fetch(url, { method: 'POST', headers: { 'x-rebuild-token': token } });
        if (!res.ok) strapi.log.warn(`site rebuild hook answered ${res.status}`);
      } catch (error) {
        strapi.log.warn(`site rebuild hook unreachable: ${(error as Error).message}`);
      }
    });
  const notify = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      void send();
    }, 500);
  };
  requesters.set(strapi, {
    request: notify,
    flush() {
      if (timer === undefined) return;
      clearTimeout(timer);
      timer = undefined;
      void send();
    },
  });
  strapi.documents.use(async (context, next) => {
    const result = await next();
    if (SITE_CONTENT.has(context.uid) && CHANGES.has(context.action)) notify();
    return result;
  });
}
