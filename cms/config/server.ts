import type { Core } from '@strapi/strapi';
import { DEFAULT_HOST, guardConfig, secret } from '../src/config-guard';
import cronTasks from './cron-tasks';

export default ({ env }: Core.Config.Shared.ConfigParams) => {
  guardConfig();
  return {
    host: env('HOST', DEFAULT_HOST),
    port: env.int('PORT', 1337),
    url: env('PUBLIC_URL', ''),
    // Koa may read X-Forwarded-*: the client-address middleware (config/middlewares.ts) first drops them from
    // any peer outside TRUSTED_PROXIES and settles ctx.request.ip itself.
    proxy: { koa: true },
    // Idle keep-alive connections stay open longer than clients keep theirs (the site proxy keeps them 60 s), so none
    // reuses one just as the cms closes it: with Node's default of 5 s, some were reset.
    http: { serverOptions: { keepAliveTimeout: 65_000, headersTimeout: 66_000 } },
    // The public folder (the media library's uploads on local disk): the e2e stack gives its cms one of its own.
    dirs: { public: env('PUBLIC_DIR', './public') },
    app: { keys: env.array('APP_KEYS', [secret(process.env, 'APP_KEYS')]) },
    cron: { enabled: env.bool('CRON_ENABLED', true), tasks: cronTasks },
    logger: { updates: { enabled: false }, startup: { enabled: false } },
  };
};
