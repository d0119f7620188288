// Feedback on Writory (/api/feedback, /api/admin/feedback).
import type { AdminFeedbackPage, FeedbackBody } from '@writory/shared';
import { authedFetch, jsonBody, queryOf } from '../lib/api';

export const sendFeedback = (feedback: FeedbackBody) => authedFetch<unknown>('/api/feedback', { method: 'POST', ...jsonBody(feedback) });

export const fetchAdminFeedback = (query: Record<string, string | number>) => authedFetch<AdminFeedbackPage>(`/api/admin/feedback${queryOf(query)}`);
