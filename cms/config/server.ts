import { DEFAULT_HOST, guardConfig, secret } from '../src/config-guard';
import cronTasks from './cron-tasks';

export default ({ env }) => {
  guardConfig();
  return {
    host: env('HOST', DEFAULT_HOST),
    port: env.int('PORT', 1337),
    url: env('PUBLIC_URL', ''),
    // Behind a reverse proxy, the client address is the last PROXY_HOPS entries of X-Forwarded-For (the one
    // our nearest proxy added), never the first: a client can put anything there, e.g. to dodge rate limits.
    proxy: { koa: env.bool('BEHIND_PROXY', false), maxIpsCount: env.int('PROXY_HOPS', 1) },
    app: { keys: env.array('APP_KEYS', [secret(process.env, 'APP_KEYS')]) },
    cron: { enabled: env.bool('CRON_ENABLED', true), tasks: cronTasks },
    logger: { updates: { enabled: false }, startup: { enabled: false } },
  };
};
