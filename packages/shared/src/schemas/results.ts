// The requests of /api/admin/results* and /api/admin/upload-winners (admin tools).
import { z } from 'zod/mini';
import { competitionParam } from '../competitions.ts';
import { MAX_HONOURABLE_MENTIONS, WINNER_PLACES } from '../results.ts';

/** A contest month: YYYY-MM. */
export const resultsMonth = z.string({ error: 'is required' }).check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must look like 2025-06'));
const MAX_AHEAD_MS = 366 * 24 * 3600 * 1000;

/** An optional time to publish at: ISO 8601 with a zone, not in the past, at most a year ahead. Empty means now. */
export const publishAt = z.pipe(
  z.optional(z.union([z.literal(''), z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date and time' })])),
  z.transform((value: string | undefined, ctx) => {
    if (!value) return null;
    const at = new Date(value);
    if (at.getTime() < Date.now() - 60_000) ctx.issues.push({ code: 'custom', message: 'is in the past', input: value });
    if (at.getTime() > Date.now() + MAX_AHEAD_MS) ctx.issues.push({ code: 'custom', message: 'is more than a year ahead', input: value });
    return at;
  }),
);

/** Every publishing request names its competition (slug); without one it is poetry's, as before competitions. */
const competition = z.optional(competitionParam);

/** Multipart fields sent with a results CSV; without a month, the month of the file's entry codes is used. */
export const csvFields = z.object({ month: z.optional(z.union([z.literal(''), resultsMonth])), competition, publishAt });

/** JSON body to preview or publish the judges' in-app scores. */
export const judgesBody = z.object({ month: resultsMonth, competition, publishAt });

/** POST /api/admin/upload-winners: the winner data, and when to publish it (empty: now). */
export const winnersBody = z.object({
  month: resultsMonth,
  winners: z
    .array(
      z.object({
        entryCode: z.string({ error: 'is required' }).check(z.trim(), z.minLength(1, 'is required'), z.maxLength(32)),
        place: z.enum(WINNER_PLACES, { error: `must be one of ${WINNER_PLACES.join(', ')}` }),
      }),
      { error: 'must be a list' },
    )
    .check(z.minLength(1, 'choose at least the 1st place'), z.maxLength(3 + MAX_HONOURABLE_MENTIONS)),
  competition,
  publishAt,
});

/** GET /api/admin/winners/suggestions?month=&competition= */
export const winnersMonthQuery = z.object({ month: resultsMonth, competition });

/** GET /api/admin/certificates*?kind=&month=&competition= (and the body of POST /api/admin/certificates/issue). */
export const certificatesQuery = z.object({
  kind: z.enum(['participation', 'winner'], { error: 'must be participation or winner' }),
  month: resultsMonth,
  competition,
});

/** GET /api/leaderboard?competition=&view=all|YYYY-MM&page=&pageSize=&q= */
export const leaderboardQuery = z.object({
  competition,
  view: z._default(z.union([z.literal('all'), z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be "all" or a month like 2025-06'))]), 'all'),
  page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1),
  pageSize: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 25),
  q: z._default(z.string().check(z.trim(), z.maxLength(80, 'must be at most 80 characters')), ''),
});
