// JSON errors for our own controllers: { error: { status, name, message, details? } }, and zod at the boundary.
import type { ZodType } from 'zod';

const NAMES: Record<number, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  413: 'PayloadTooLarge',
  415: 'UnsupportedMediaType',
  422: 'ValidationError',
  429: 'TooManyRequests',
};

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export function sendError(ctx: any, status: number, message: string, details?: unknown) {
  ctx.status = status;
  ctx.body = { error: { status, name: NAMES[status] ?? 'Error', message, ...(details === undefined ? {} : { details }) } };
}

/** Parses input with a zod schema or throws a 422 naming each bad field. */
export function parseInput<T>(schema: ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  const first = errors[0];
  throw new HttpError(422, first.path ? `${first.path}: ${first.message}` : first.message, { errors });
}

/** Wraps a controller action so HttpErrors become JSON answers; anything else stays a 500. */
export function handle<Ctx>(action: (ctx: Ctx) => Promise<void>) {
  return async (ctx: Ctx) => {
    try {
      await action(ctx);
    } catch (error) {
      if (error instanceof HttpError) return sendError(ctx, error.status, error.message, error.details);
      throw error;
    }
  };
}
