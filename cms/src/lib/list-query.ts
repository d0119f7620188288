// Query-string pieces shared by the admin lists (parsed with zod at the boundary).
import { z } from 'zod';

/** An empty query parameter (an untouched filter) counts as absent. */
export const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** ?page=&pageSize= (1-based; at most 100 a page). */
export const pageParams = {
  page: optional(z.coerce.number({ error: 'must be a number' }).int().min(1).max(100_000)),
  pageSize: optional(z.coerce.number({ error: 'must be a number' }).int().min(1).max(100, { error: 'must be at most 100' })),
};

/** ?q= search text. */
export const searchText = optional(z.string().trim().max(100, { error: 'must be at most 100 characters' }));

/** The pagination block of a list answer. */
export const paginationOf = (page: number, pageSize: number, total: number) => ({ page, pageSize, total, pageCount: Math.ceil(total / pageSize) });
