// The boundary of /api/auth-mail/*: the bodies are the shared request schemas (packages/shared/src/schemas/users.ts).
import type { z } from 'zod';
import type { passwordResetBody } from '@writory/shared';

export { passwordResetBody, verificationBody } from '@writory/shared';
export type PasswordResetInput = z.output<typeof passwordResetBody>;
