// The admin pages' calls to /api/admin/* (the cms checks the admin role on every one of them).
import type {
  AdminContactMessage,
  AdminContactPage,
  AdminFeedbackPage,
  AdminSettings,
  AdminUser,
  AdminUserPage,
  ReminderAudienceCounts,
  ReminderBody,
  ReminderPreview,
  ReminderRecord,
  RoleType,
  VisitSummary,
} from '@writory/shared';
import { authedFetch, jsonBody as json, queryOf } from './api';

export { downloadCsv, queryOf, saveFile } from './api';

export const adminApi = {
  /** Without a range: the last 30 days up to today in the contest time zone. */
  visitSummary: (range?: { from: string; to: string }) => authedFetch<VisitSummary>(`/api/admin/visits/summary${queryOf(range ?? {})}`),
  users: (query: Record<string, string | number>) => authedFetch<AdminUserPage>(`/api/admin/users${queryOf(query)}`),
  setRole: (uid: string, role: RoleType) => authedFetch<AdminUser>(`/api/admin/users/${encodeURIComponent(uid)}/role`, { method: 'PUT', ...json({ role }) }),
  suspend: (uid: string) => authedFetch<AdminUser>(`/api/admin/users/${encodeURIComponent(uid)}/suspend`, { method: 'POST' }),
  restore: (uid: string) => authedFetch<AdminUser>(`/api/admin/users/${encodeURIComponent(uid)}/restore`, { method: 'POST' }),
  contacts: (query: Record<string, string | number>) => authedFetch<AdminContactPage>(`/api/admin/contacts${queryOf(query)}`),
  markRead: (id: string, read: boolean) => authedFetch<AdminContactMessage>(`/api/admin/contacts/${encodeURIComponent(id)}/read`, { method: 'PUT', ...json({ read }) }),
  feedback: (query: Record<string, string | number>) => authedFetch<AdminFeedbackPage>(`/api/admin/feedback${queryOf(query)}`),
  audiences: () => authedFetch<ReminderAudienceCounts>('/api/admin/reminders/audiences'),
  reminders: () => authedFetch<{ reminders: ReminderRecord[] }>('/api/admin/reminders'),
  reminder: (id: string) => authedFetch<ReminderRecord>(`/api/admin/reminders/${encodeURIComponent(id)}`),
  previewReminder: (body: ReminderBody) => authedFetch<ReminderPreview>('/api/admin/reminders/preview', { method: 'POST', ...json(body) }),
  sendReminder: (body: ReminderBody, idempotencyKey: string) =>
    authedFetch<ReminderRecord>('/api/admin/reminders', { method: 'POST', headers: { 'Idempotency-Key': idempotencyKey }, ...json(body) }),
  settings: () => authedFetch<AdminSettings>('/api/admin/settings'),
  saveSettings: (changes: Partial<AdminSettings>) => authedFetch<AdminSettings>('/api/admin/settings', { method: 'PUT', ...json(changes) }),
};
