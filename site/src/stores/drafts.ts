// The signed-in poet's drafts of entries (issue 40), asked again after each save, entry or deletion.
import type { EntryDraft } from '@writory/shared';
import { myDrafts } from '../api/drafts';
import { loadable, loadInto } from './loadable';

export const $drafts = loadable<EntryDraft[]>();
export const loadDrafts = () => loadInto($drafts, myDrafts, 'your drafts');
