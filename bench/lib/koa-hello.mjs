// The bare Koa reference: the Koa and @koa/router that Strapi itself runs on, one JSON route, nothing else.
import { createRequire } from 'node:module';

const strapiCore = createRequire(import.meta.url).resolve('@strapi/core', { paths: [new URL('../../cms', import.meta.url).pathname] });
const require = createRequire(strapiCore);
const Koa = require('koa');
const Router = require('@koa/router');

const app = new Koa();
const router = new Router();
router.get('/api/hello', (ctx) => {
  ctx.body = { count: 10000 };
});
app.use(router.routes());
app.listen(Number(process.argv[2]), '127.0.0.1');
