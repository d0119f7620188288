/**
 * Extends strapi::body so that, on the paths listed in its config as `rawBodyPaths`, it also keeps the raw body
 * (koa-body's includeUnparsed) as ctx.request.body[Symbol.for('unparsedBody')]: a webhook signature is computed
 * over the exact bytes sent. Every other request is parsed by strapi::body exactly as configured and keeps no
 * second copy of its body. Registered in register() with strapi.get('middlewares').extend('strapi::body', …).
 */
import type { Context } from 'koa';
import type { Core } from '@strapi/strapi';

type Handler = (ctx: Context, next: () => Promise<void>) => unknown;
type BodyFactory = (config: Record<string, unknown>, context: { strapi: Core.Strapi }) => Handler;

export const UNPARSED_BODY = Symbol.for('unparsedBody');

export function keepRawBodyOnListedPaths(strapiBody: BodyFactory): BodyFactory {
  return ({ rawBodyPaths = [], ...config }, context) => {
    const parse = strapiBody(config, context);
    const paths = new Set(rawBodyPaths as string[]);
    if (paths.size === 0) return parse;
    const parseKeepingRaw = strapiBody({ ...config, includeUnparsed: true }, context);
    return (ctx, next) => (paths.has(ctx.path) ? parseKeepingRaw(ctx, next) : parse(ctx, next));
  };
}
