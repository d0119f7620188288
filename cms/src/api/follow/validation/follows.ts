// The boundary of /api/follows*: the shared request schemas (packages/shared/src/schemas/poets.ts).
export { followMuteBody, followingQuery, poetHandleParams } from '@writory/shared';
