// The boundary of /api/users*: the bodies are the shared request schemas (packages/shared/src/schemas/users.ts).
import type { z } from 'zod';
import type { updateMeBody, upsertBody } from '@writory/shared';
import { schemaWords, validationError, type Schema } from '../../../lib/api-error';

export { ageOn, NAME_MAX, UNDER_AGE_MESSAGE, updateMeBody, upsertBody } from '@writory/shared';
export type UpsertBody = z.output<typeof upsertBody>;
export type UpdateMeBody = z.output<ReturnType<typeof updateMeBody>>;

/** Parses or throws a 422 listing every field problem. */
export function parse<T>(schema: Schema<T>, input: unknown): T {
  const result = schema.safeParse(input ?? {}, schemaWords());
  if (result.success) return result.data;
  throw validationError(result.error.issues.map((issue) => ({ path: issue.path as (string | number)[], message: issue.message })));
}
