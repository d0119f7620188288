// The comments of the moderation page (/admin-wall-moderation): the page of one queue, and why it could not load.
import { atom } from 'nanostores';
import type { CommentModerationFilter, CommentModerationPage } from '@writory/shared';
import { fetchCommentModeration } from '../api/comments';
import { apiErrorBody } from '../lib/api';
import { t } from '../i18n/t';

export const $commentQueue = atom<CommentModerationPage | null>(null);
export const $commentQueueProblem = atom<string | null>(null);

// An answer that arrives after a newer request started is dropped.
let ticket = 0;

export async function loadCommentQueue(filter: CommentModerationFilter, page: number): Promise<void> {
  const mine = ++ticket;
  $commentQueueProblem.set(null);
  try {
    const answer = await fetchCommentModeration(filter, page);
    if (mine === ticket) $commentQueue.set(answer);
  } catch (error) {
    if (mine === ticket) $commentQueueProblem.set(apiErrorBody(error)?.message ?? t('comments.queueFailed'));
  }
}
