// The boundary of /api/notifications* and /api/admin/notifications: the shared request schemas (packages/shared/src/schemas/admin.ts).
export { adminNotificationBody, notificationIdParams as idParams, notificationListQuery as listQuery } from '@writory/shared';
