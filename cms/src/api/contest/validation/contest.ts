// The boundary of /api/contests* and /api/admin/contests*: the shared request schemas (packages/shared/src/schemas/entries.ts,
// packages/shared/src/competitions.ts).
export { adminContestUpdate, monthParam, competitionQuerySchema as competitionQuery } from '@writory/shared';
