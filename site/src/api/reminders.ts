// Reminder emails: the poet's own choice (/api/users/me/reminders) and the admin's sending (/api/admin/reminders*).
import type { ReminderAudienceCounts, ReminderBody, ReminderPreference, ReminderPreview, ReminderRecord } from '@writory/shared';
import { authedFetch, jsonBody } from '../lib/api';

export const fetchReminderPreference = () => authedFetch<ReminderPreference>('/api/users/me/reminders');

export const saveReminderPreference = (preference: ReminderPreference) =>
  authedFetch<ReminderPreference>('/api/users/me/reminders', { method: 'PUT', ...jsonBody(preference) });

export const fetchReminderAudiences = () => authedFetch<ReminderAudienceCounts>('/api/admin/reminders/audiences');

export const fetchReminders = () => authedFetch<{ reminders: ReminderRecord[] }>('/api/admin/reminders');

export const previewReminder = (body: ReminderBody) => authedFetch<ReminderPreview>('/api/admin/reminders/preview', { method: 'POST', ...jsonBody(body) });

/** The same key for a retry of the same reminder, so it is sent once. */
export const sendReminder = (body: ReminderBody, idempotencyKey: string) =>
  authedFetch<ReminderRecord>('/api/admin/reminders', { method: 'POST', headers: { 'Idempotency-Key': idempotencyKey }, ...jsonBody(body) });
