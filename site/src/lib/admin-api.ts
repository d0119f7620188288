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
import { apiErrorFrom, authedFetch } from './api';
import { currentIdToken } from './firebase';

/** A query string from the filled-in values only (an empty filter is left out). */
export function queryOf(params: Record<string, string | number | boolean | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

const json = (body: unknown): RequestInit => ({ body: JSON.stringify(body) });

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

/**
 * Downloads a CSV the cms streams (it needs the Authorization header, so a plain link cannot fetch it), saved
 * under the name the server gives. Throws like apiFetch on a refusal.
 */
export async function downloadCsv(path: string, fallbackName: string): Promise<void> {
  const token = await currentIdToken();
  const res = await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {}, credentials: 'include' });
  if (!res.ok) throw await apiErrorFrom(res);
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  saveFile(await res.blob(), name);
}

/** Offers a file to the browser's downloads. */
export function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
