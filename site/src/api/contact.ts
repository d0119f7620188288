// Contact messages (/api/contact, /api/admin/contacts*).
import type { AdminContactMessage, AdminContactPage } from '@writory/shared';
import { apiFetch, authedFetch, jsonBody, queryOf } from '../lib/api';

/** The contact form's fields (name, email, subject, message) as typed; the cms checks them. */
export const sendContactMessage = (message: Record<string, string>) => apiFetch<unknown>('/api/contact', { method: 'POST', ...jsonBody(message) });

export const fetchAdminContacts = (query: Record<string, string | number>) => authedFetch<AdminContactPage>(`/api/admin/contacts${queryOf(query)}`);

export const markContactRead = (id: string, read: boolean) =>
  authedFetch<AdminContactMessage>(`/api/admin/contacts/${encodeURIComponent(id)}/read`, { method: 'PUT', ...jsonBody({ read }) });
