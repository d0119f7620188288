import { errors } from '@strapi/utils';
import { useEnglishSchemaMessages, waitInWords, type Locale } from '@writory/shared';
import { ar as arZod } from 'zod/v4/locales';
import { ApiError } from './client-error';
import { currentLocale, isMessage, msg, say, type Message } from './messages';
import { fieldMessageIn } from './messages/fields';
import { hindiZodWords } from './messages/zod-hi';

export { ApiError };

// http-errors' HttpError cannot be constructed, but the errors middleware only checks `instanceof`.
Object.setPrototypeOf(ApiError.prototype, errors.HttpError.prototype);

/**
 * 401/403 with a message the caller sees. Strapi's own UnauthorizedError/ForbiddenError lose their message on
 * GET routes: the `strapi::public` catch-all route wraps later routes and turns them into a bare ctx.forbidden().
 */
export const unauthorized = (message: Message, details?: Record<string, unknown>) => new ApiError(401, message, details, 'UnauthorizedError');
export const forbidden = (message: Message, details?: Record<string, unknown>) => new ApiError(403, message, details, 'ForbiddenError');

export interface FieldIssue {
  path: (string | number)[];
  message: string;
}

/**
 * 422 for input that breaks a field rule: the first problem is the message, details list them all. Each message is
 * said in the request's language (the shared schemas' English words found in messages/fields.ts).
 */
export function validationError(issues: FieldIssue[]): ApiError {
  const locale = currentLocale();
  const errorsList = issues.map((issue) => ({ path: issue.path, message: fieldMessageIn(locale, issue.message), name: 'ValidationError' }));
  return new ApiError(422, errorsList[0]?.message ?? say(msg('field.invalid')), { errors: errorsList }, 'ValidationError');
}

type ZodErrorMap = (issue: never) => unknown;
/** zod's own words (checks without a message of their own) in each language; English is zod's global config, Hindi ours (messages/zod-hi.ts). */
const ZOD_WORDS: Record<Locale, { error?: ZodErrorMap }> = { en: {}, hi: { error: hindiZodWords as ZodErrorMap }, ar: { error: arZod().localeError } };

/** The parse options that make zod answer in the request's language. */
export const schemaWords = () => ZOD_WORDS[currentLocale()];

/** Any zod schema: the shared request schemas (zod/mini) or a cms one (zod). */
export interface Schema<T> {
  safeParse(
    input: unknown,
    params?: { error?: ZodErrorMap },
  ): { success: true; data: T } | { success: false; error: { issues: readonly { path: PropertyKey[]; message: string }[] } };
}

// The shared schemas' checks without a message of their own answer in zod's English words, as the cms's always did.
useEnglishSchemaMessages();

/** Parses input at the boundary with a zod schema, or throws a 422 naming each bad field. */
export function parseInput<T>(schema: Schema<T>, input: unknown): T {
  const result = schema.safeParse(input, schemaWords());
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({
    path: issue.path.filter((key): key is string | number => typeof key !== 'symbol'),
    message: issue.message,
  }));
  const error = validationError(issues);
  const [first] = issues;
  if (first.path.length) error.message = `${first.path.join('.')}: ${(error.details.errors as FieldIssue[])[0].message}`;
  throw error;
}

/**
 * 429 with when to try again: in words in the message ("Try again in 23 hours."), in seconds in
 * details.retryAfterSeconds, and the limit's own words in details.limit (the site says the wait in the reader's words).
 */
export function tooManyRequests(limit: string | Message, retryAfterSeconds: number): ApiError {
  // A limit still written as a plain string (not yet in the catalogue) keeps its whole sentence in English.
  const locale = isMessage(limit) ? currentLocale() : 'en';
  const words = isMessage(limit) ? say(limit, locale) : limit;
  const message = say(msg('wait.tryAgain', { limit: words, wait: waitInWords(retryAfterSeconds, locale) }), locale);
  return new ApiError(429, message, { retryAfterSeconds, limit: words }, 'TooManyRequestsError');
}
