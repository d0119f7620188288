// The boundary of /api/admin/contests*: the shared request schemas (packages/shared/src/schemas/entries.ts).
export { adminContestUpdate, monthParam } from '@writory/shared';
