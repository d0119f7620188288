// The wall's moderation queue (/admin-wall-moderation): the page of posts of one view, and why it could not load.
import { atom } from 'nanostores';
import type { WallModerationFilter, WallModerationPage } from '@writory/shared';
import { fetchWallModeration } from '../api/wall';
import { apiErrorBody } from '../lib/api';

/** The latest page the cms gave; kept on screen while another view loads. */
export const $moderationPage = atom<WallModerationPage | null>(null);
export const $moderationProblem = atom<string | null>(null);

// An answer that arrives after a newer request started is dropped.
let ticket = 0;

export async function loadModerationQueue(filter: WallModerationFilter, page: number): Promise<void> {
  const mine = ++ticket;
  $moderationProblem.set(null);
  try {
    const answer = await fetchWallModeration(filter, page);
    if (mine === ticket) $moderationPage.set(answer);
  } catch (error) {
    if (mine === ticket) $moderationProblem.set(apiErrorBody(error)?.message ?? 'We could not load the queue. Reload the page to try again.');
  }
}
