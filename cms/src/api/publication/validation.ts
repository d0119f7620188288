// The boundary of the publishing routes: the shared request schemas (packages/shared/src/schemas/results.ts).
export { competitionQuerySchema as competitionQuery, csvFields, judgesBody, winnersBody } from '@writory/shared';
