// The boundary of /api/admin/upload-winners and /api/admin/winners*: the shared request schemas
// (packages/shared/src/schemas/results.ts); the winner id of a path is parsed here.
import { z } from 'zod';

export { winnersBody, winnersMonthQuery as monthQuery } from '@writory/shared';
export const winnerId = z.object({ id: z.string().min(1).max(64) });
