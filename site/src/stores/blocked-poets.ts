// The poets the signed-in poet has blocked (on /profile), and lifting a block.
import type { BlockedPoet } from '@writory/shared';
import { fetchBlockedPoets, unblockPoet } from '../api/comments';
import { loadable, loadInto } from './loadable';

export const $blockedPoets = loadable<BlockedPoet[]>();

export const loadBlockedPoets = () => loadInto($blockedPoets, async () => (await fetchBlockedPoets()).blocked, 'the poets you blocked');

/** Lifts one block and takes it off the list. */
export async function unblock(blockId: number): Promise<void> {
  await unblockPoet(blockId);
  const current = $blockedPoets.get();
  $blockedPoets.set({ ...current, data: (current.data ?? []).filter((block) => block.id !== blockId) });
}
