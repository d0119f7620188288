import { errors } from '@strapi/utils';
import { useEnglishSchemaMessages, waitInWords } from '@writory/shared';
import { ApiError } from './client-error';

export { ApiError };

// http-errors' HttpError cannot be constructed, but the errors middleware only checks `instanceof`.
Object.setPrototypeOf(ApiError.prototype, errors.HttpError.prototype);

/**
 * 401/403 with a message the caller sees. Strapi's own UnauthorizedError/ForbiddenError lose their message on
 * GET routes: the `strapi::public` catch-all route wraps later routes and turns them into a bare ctx.forbidden().
 */
export const unauthorized = (message: string, details?: Record<string, unknown>) => new ApiError(401, message, details, 'UnauthorizedError');
export const forbidden = (message: string, details?: Record<string, unknown>) => new ApiError(403, message, details, 'ForbiddenError');

export interface FieldIssue {
  path: (string | number)[];
  message: string;
}

/** 422 for input that breaks a field rule: the first problem is the message, details list them all. */
export function validationError(issues: FieldIssue[]): ApiError {
  const errorsList = issues.map((issue) => ({ path: issue.path, message: issue.message, name: 'ValidationError' }));
  return new ApiError(422, issues[0]?.message ?? 'Invalid input', { errors: errorsList }, 'ValidationError');
}

/** Any zod schema: the shared request schemas (zod/mini) or a cms one (zod). */
export interface Schema<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: { issues: readonly { path: PropertyKey[]; message: string }[] } };
}

// The shared schemas' checks without a message of their own answer in zod's English words, as the cms's always did.
useEnglishSchemaMessages();

/** Parses input at the boundary with a zod schema, or throws a 422 naming each bad field. */
export function parseInput<T>(schema: Schema<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({
    path: issue.path.filter((key): key is string | number => typeof key !== 'symbol'),
    message: issue.message,
  }));
  const error = validationError(issues);
  const [first] = issues;
  if (first.path.length) error.message = `${first.path.join('.')}: ${first.message}`;
  throw error;
}

/**
 * 429 with when to try again: in words in the message ("Try again in 23 hours."), in seconds in
 * details.retryAfterSeconds, and the limit's own words in details.limit (the site says the wait in the reader's words).
 */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new ApiError(429, `${message} Try again ${waitInWords(retryAfterSeconds)}.`, { retryAfterSeconds, limit: message }, 'TooManyRequestsError');
