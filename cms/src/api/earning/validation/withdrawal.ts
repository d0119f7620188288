// The boundary of /api/earnings* and /api/admin/withdrawals*: the shared request schemas (packages/shared/src/schemas/payments.ts).
import type { z } from 'zod';
import type { withdrawalInput } from '@writory/shared';

export { payInput, rejectInput, withdrawalInput, withdrawalQuery } from '@writory/shared';
export type WithdrawalInputParsed = z.output<typeof withdrawalInput>;
