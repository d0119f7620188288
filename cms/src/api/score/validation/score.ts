// The boundary of /api/judging*: the shared request schemas (packages/shared/src/schemas/entries.ts).
import type { z } from 'zod';
import type { scoreInput } from '@writory/shared';

export { competitionQuerySchema as competitionQuery, judgeLanguagesSchema, judgesInput, recusalInput, scoreInput } from '@writory/shared';
export type ParsedScore = z.output<typeof scoreInput>;
