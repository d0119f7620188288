// The boundary of /api/admin/reminders* and /api/users/me/reminders: the shared request schemas (packages/shared/src/schemas/admin.ts).
import type { z } from 'zod';
import type { reminderBody } from '@writory/shared';

export { preferenceBody, reminderBody, reminderIdempotencyKey as idempotencyKey } from '@writory/shared';
export type ReminderInput = z.output<typeof reminderBody>;
