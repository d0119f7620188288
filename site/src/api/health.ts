// The cms instance's health for the admin dashboard (GET /api/admin/health, admins only).
import type { ServerHealth } from '@writory/shared';
import { authedFetch } from '../lib/api';

export const serverHealth = () => authedFetch<ServerHealth>('/api/admin/health');
