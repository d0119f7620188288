// The boundary of PUT /api/admin/settings: the shared request schema (packages/shared/src/schemas/admin.ts).
import type { z } from 'zod';
import type { settingsBody } from '@writory/shared';

export { settingsBody } from '@writory/shared';
export type SettingsInput = z.output<typeof settingsBody>;
