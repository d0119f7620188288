// The boundary of /api/blocks: the block number of a path.
import { z } from 'zod';

/** :id of a block: a positive whole number. */
export const idParams = z.object({
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, { error: 'must be a block number such as 42' })
    .transform(Number),
});
