import { z } from 'zod';

export const MONTH = z.string({ error: 'is required' }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must look like 2025-06');
const MAX_AHEAD_MS = 366 * 24 * 3600 * 1000;

/** An optional time to publish at: ISO 8601 with a zone, not in the past, at most a year ahead. Empty means now. */
export const publishAt = z
  .union([z.literal(''), z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date and time' })])
  .optional()
  .transform((value, ctx) => {
    if (!value) return null;
    const at = new Date(value);
    if (at.getTime() < Date.now() - 60_000) ctx.addIssue({ code: 'custom', message: 'is in the past' });
    if (at.getTime() > Date.now() + MAX_AHEAD_MS) ctx.addIssue({ code: 'custom', message: 'is more than a year ahead' });
    return at;
  });

/** Multipart fields sent with a results CSV; without a month, the month of the file's entry codes is used. */
export const csvFields = z.object({ month: z.union([z.literal(''), MONTH]).optional(), publishAt });

/** JSON body to preview or publish the judges' in-app scores. */
export const judgesBody = z.object({ month: MONTH, publishAt });
