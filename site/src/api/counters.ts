// The hero's live counts (/api/users/count, /api/submission-count), both answered from the cms's public cache.
// Imported by the home page's small counters script: keep it light.
import type { Count } from '@writory/shared';
import { apiFetch } from '../lib/api';

export const fetchPoetCount = () => apiFetch<Partial<Count>>('/api/users/count');

export const fetchPieceCount = () => apiFetch<Partial<Count>>('/api/submission-count');
