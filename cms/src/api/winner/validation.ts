import { z } from 'zod';
import { MAX_HONOURABLE_MENTIONS, WINNER_PLACES } from '@writory/shared';
import { MONTH, publishAt } from '../result/validation';

/** POST /api/admin/upload-winners: the winner data, and when to publish it (empty: now). */
export const winnersBody = z.object({
  month: MONTH,
  winners: z
    .array(
      z.object({
        entryCode: z.string({ error: 'is required' }).trim().min(1, 'is required').max(32),
        place: z.enum(WINNER_PLACES, { error: `must be one of ${WINNER_PLACES.join(', ')}` }),
      }),
      { error: 'must be a list' },
    )
    .min(1, 'choose at least the 1st place')
    .max(3 + MAX_HONOURABLE_MENTIONS),
  publishAt,
});

export const monthQuery = z.object({ month: MONTH });
export const winnerId = z.object({ id: z.string().min(1).max(64) });
