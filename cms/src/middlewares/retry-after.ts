/**
 * Every 429 carries Retry-After (seconds), and so does a 503 that says when (the worker pool's queue when full). Our
 * limits say when in the error's details.retryAfterSeconds; Strapi's own limit (the panel's login) says nothing,
 * so its configured window is the answer. Placed outside strapi::errors, it sees the final status and body
 * whichever code answered.
 */
export default (config: { fallbackSeconds: number }) => async (ctx: any, next: () => Promise<void>) => {
  await next();
  if ((ctx.status !== 429 && ctx.status !== 503) || ctx.response.get('Retry-After')) return;
  const details = ctx.body?.error?.details ?? ctx.body?.details;
  const seconds = Number(details?.retryAfterSeconds);
  if (ctx.status === 503 && !(seconds > 0)) return;
  ctx.set('Retry-After', String(Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : config.fallbackSeconds));
};
