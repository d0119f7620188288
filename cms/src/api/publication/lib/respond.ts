// The one answer shape of every publication (results, winners) and of the timer routes.
import type { Context } from 'koa';
import type { Outcome } from '../services/publication';
import { toWire } from './wire';

/**
 * The answer to "publish now", "publish at" or "retry": 201 with the scheduled timer, 200 with what was published,
 * or 422 with the error a failed firing left on its timer (nothing was published; it can be retried).
 */
export function respond(ctx: Context, { timer, fired, summary, error }: Outcome) {
  if (error) {
    ctx.status = 422;
    ctx.body = { success: false, error: { status: 422, name: 'PublicationError', message: error }, timer: toWire(timer) };
  } else {
    ctx.status = fired ? 200 : 201;
    ctx.body = { success: true, timer: toWire(timer), ...(summary ? { summary } : {}) };
  }
}
