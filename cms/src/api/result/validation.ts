// The boundary of /api/admin/results*: the shared request schemas (packages/shared/src/schemas/results.ts).
export { csvFields, judgesBody, publishAt, resultsMonth as MONTH } from '@writory/shared';
