// The boundary of /api/competitions* and /api/admin/competitions*: the shared schemas (packages/shared/src/competitions.ts).
export { competitionInputSchema, competitionQuerySchema } from '@writory/shared';
