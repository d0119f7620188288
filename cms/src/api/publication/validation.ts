// The boundary of the publishing routes: the shared request schemas (packages/shared/src/schemas/results.ts).
export { csvFields, judgesBody, winnersBody } from '@writory/shared';
