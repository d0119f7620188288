// Site settings (/api/admin/settings).
import type { AdminSettings } from '@writory/shared';
import { authedFetch, jsonBody } from '../lib/api';

export const fetchSettings = () => authedFetch<AdminSettings>('/api/admin/settings');

/** Any subset of the settings; '' or null clears an optional one. */
export const saveSettings = (changes: Partial<AdminSettings>) => authedFetch<AdminSettings>('/api/admin/settings', { method: 'PUT', ...jsonBody(changes) });
