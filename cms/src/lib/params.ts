import type { Context } from 'koa';

/** The route's :id as a positive integer, or -1 (no row has it, so the service answers 404). */
export function idParam(ctx: Context): number {
  const id = Number(ctx.params.id);
  return Number.isSafeInteger(id) && id > 0 ? id : -1;
}
