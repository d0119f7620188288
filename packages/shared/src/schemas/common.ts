// Pieces the request schemas share. zod/mini keeps the browser bundle small: only the checks used are shipped.
import { z } from 'zod/mini';
import { localeSchema } from '../locale-schema.ts';

/** An empty query parameter (an untouched filter) counts as absent. */
export const optionalParam = <T extends z.core.SomeType>(schema: T) =>
  z.pipe(
    z.transform((value: unknown) => (value === '' ? undefined : value)),
    z.optional(schema),
  );

/** ?page=&pageSize= of the admin lists (1-based; at most 100 a page). */
export const pageParams = {
  page: optionalParam(z.coerce.number({ error: 'must be a number' }).check(z.int(), z.gte(1), z.lte(100_000))),
  pageSize: optionalParam(z.coerce.number({ error: 'must be a number' }).check(z.int(), z.gte(1), z.lte(100, { error: 'must be at most 100' }))),
};

/** ?q= search text. */
export const searchText = optionalParam(z.string().check(z.trim(), z.maxLength(100, { error: 'must be at most 100 characters' })));

/** A day written YYYY-MM-DD. */
export const isoDay = (error = 'must be a date written YYYY-MM-DD') => z.iso.date({ error });

/**
 * ?locale= of a read of editors' content (issue 39): the translation asked for (absent: English). The answer says
 * which it served: `locale`, and `fallback: true` when it is the English for want of a translation.
 */
export const contentLocaleQuery = z.object({ locale: z.optional(localeSchema) });
