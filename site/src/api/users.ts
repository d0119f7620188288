// Accounts: the signed-in poet's product user, and the admin's list of users (/api/users*, /api/admin/users*).
import type { AdminUser, AdminUserPage, Locale, ProductUser, RoleType, UpdateProductUserBody, UpsertProductUserBody } from '@writory/shared';
import { authedFetch, downloadFile, jsonBody, queryOf } from '../lib/api';

/** POST /api/users at each sign-in: tells the cms who signed in (an invitation's code goes along) and returns the product user. */
export const syncMe = (body: UpsertProductUserBody & { referralCode?: string }, emailVerified: boolean) =>
  authedFetch<ProductUser>('/api/users', { method: 'POST', headers: { 'x-email-verified': String(emailVerified) }, ...jsonBody(body) });

export const fetchMe = () => authedFetch<ProductUser>('/api/users/me');

export const updateMe = (body: UpdateProductUserBody) => authedFetch<ProductUser>('/api/users/me', { method: 'PUT', ...jsonBody(body) });

/** PUT /api/users/me with the interface language the poet chose: the cms writes to them in it (issue 39). */
export const saveMyLocale = (locale: Locale) => authedFetch<ProductUser & { locale?: Locale }>('/api/users/me', { method: 'PUT', ...jsonBody({ locale }) });

/** The form data carries the file as `picture`. */
export const uploadMyPicture = (body: FormData) => authedFetch<ProductUser>('/api/users/me/picture', { method: 'POST', body });

export const fetchAdminUsers = (query: Record<string, string | number>) => authedFetch<AdminUserPage>(`/api/admin/users${queryOf(query)}`);

export const setUserRole = (uid: string, role: RoleType) =>
  authedFetch<AdminUser>(`/api/admin/users/${encodeURIComponent(uid)}/role`, { method: 'PUT', ...jsonBody({ role }) });

export const suspendUser = (uid: string) => authedFetch<AdminUser>(`/api/admin/users/${encodeURIComponent(uid)}/suspend`, { method: 'POST' });

export const restoreUser = (uid: string) => authedFetch<AdminUser>(`/api/admin/users/${encodeURIComponent(uid)}/restore`, { method: 'POST' });

/** The users the filters select, as a CSV download. */
export const downloadUsersCsv = (filters: Record<string, string | number>) => downloadFile(`/api/admin/users/export${queryOf(filters)}`, 'writory-users.csv');
