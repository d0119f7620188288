// The boundary of /api/entries/drafts*: the shared request schemas (packages/shared/src/schemas/drafts.ts).
export { draftEnterFields, draftFields, draftIdParam } from '@writory/shared';
