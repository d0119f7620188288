import type { Core } from '@strapi/strapi';
import { ensureRoles } from './seed/install/roles';
import { seedPanelAccounts } from './seed/install/panel-admin';
import { ensurePanelRoles } from './seed/install/panel-roles';
import { editorsContentInEnglish, ensureContentLocales } from './seed/install/content-locales';
import { seedDemoData } from './seed/demo';
import { createTokenVerifier, type TokenVerifier } from './auth/firebase';
import { createFirebaseStrategy } from './auth/strategy';
import { stopUserCache } from './auth/user-cache';
import { grantSignedInRoutes } from './auth/permissions';
import { multipartCleanup } from './lib/multipart-cleanup';
import { flushSiteRebuild, watchContentForSiteRebuild } from './lib/site-rebuild';
import { settleBackground } from './lib/background';
import { keepRawBodyOnListedPaths } from './lib/raw-body';
import { configureWallPanel, watchWallPanelEdits } from './api/wall-post/lib/panel';
import { installPublicCache, stopPublicCache } from './lib/public-cache';
import { installMetrics } from './lib/metrics';
import { cleanPanelTextOnWrite } from './lib/panel-text';
import { articleSlugsFollowTitles, keepSlugsUniqueInTheDatabase } from './api/article/lib/slug';
import { getService } from './services';

const verifiers = new WeakMap<Core.Strapi, TokenVerifier>();

export default {
  register({ strapi }: { strapi: Core.Strapi }) {
    // First of all, so it times everything after it: requests and latency per route, event-loop delay.
    installMetrics(strapi);
    // Then: hot public reads (config/public-cache.ts) answered from memory skip every middleware after it.
    installPublicCache(strapi);
    // Added before the configured middlewares, so it wraps them all (body parser and auth included).
    strapi.server.use(multipartCleanup());
    strapi.get('middlewares').extend('strapi::body', keepRawBodyOnListedPaths);
    const verifier = createTokenVerifier();
    verifiers.set(strapi, verifier);
    strapi.get('auth').register('content-api', createFirebaseStrategy(strapi, verifier));
    watchContentForSiteRebuild(strapi);
    watchWallPanelEdits(strapi);
    cleanPanelTextOnWrite(strapi);
    articleSlugsFollowTitles(strapi);
  },

  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    await ensureRoles(strapi);
    // Editors' content in the site's languages (issue 39): the locales, then content from before translations is English.
    await ensureContentLocales(strapi);
    const inEnglish = await editorsContentInEnglish(strapi);
    for (const [uid, count] of Object.entries(inEnglish)) strapi.log.info(`${uid}: ${count} row(s) from before translations made English`);
    await grantSignedInRoutes(strapi);
    await ensurePanelRoles(strapi);
    await seedPanelAccounts(strapi);
    await configureWallPanel(strapi);
    await keepSlugsUniqueInTheDatabase(strapi);
    // The startup migration to competitions (docs/architecture.md): before anything reads or makes a contest.
    await getService(strapi, 'api::competition.competition').prepare();
    // Then scores from before per-competition criteria get their marks (issue 37).
    const marked = await getService(strapi, 'api::score.score').migrateMarks();
    if (marked.scores || marked.contests) strapi.log.info(`scores: ${marked.scores} score(s) given marks; criteria fixed on ${marked.contests} contest(s)`);
    // Entry credits and orders from before competitions are poetry's (issue 37).
    await getService(strapi, 'api::payment.credits').migrateToPoetry();
    if (process.env.WRITORY_DEMO_DATA === 'true') await seedDemoData(strapi);
    const promoted = await getService(strapi, 'api::user.user').promoteAdminEmails();
    if (promoted) strapi.log.info(`ADMIN_EMAILS: ${promoted} user(s) made Admin`);
  },

  // Runs after the api modules' destroy (live streams ended, visits stored) and cron's stop, before the
  // HTTP server and the database close: background work finishes first, so nothing queries a closed pool.
  async destroy({ strapi }: { strapi: Core.Strapi }) {
    flushSiteRebuild(strapi);
    await settleBackground(strapi);
    await stopPublicCache(strapi);
    await stopUserCache(strapi);
    await verifiers.get(strapi)?.close();
  },
};
