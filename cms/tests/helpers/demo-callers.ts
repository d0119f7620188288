// The demo accounts the role-matrix tests call as (uids from packages/shared/demo-accounts.json).
export const DEMO_UID_OF = {
  poet: 'demo-poet-0001',
  otherPoet: 'demo-poet-0002',
  judge: 'demo-judge-0001',
  moderator: 'demo-moderator-0001',
  admin: 'demo-admin-0001',
} as const;
