// Drafts (issue 40): a contest entry saved before entering, the poet's list of them, and entering one.
import type { EntryDraft, EntryReceipt } from '@writory/shared';
import { authedFetch, jsonBody } from '../lib/api';

const draftPath = (id: number) => `/api/entries/drafts/${id}`;

/** The signed-in poet's drafts, the last saved first. */
export const myDrafts = async () => (await authedFetch<{ data: EntryDraft[] }>('/api/entries/drafts')).data;

/** Saves the entry form as far as it is filled (form data: poem, competition and any of the fields). */
export const saveDraft = (form: FormData) => authedFetch<EntryDraft>('/api/entries/drafts', { method: 'POST', body: form });

export const deleteDraft = (id: number) => authedFetch<void>(draftPath(id), { method: 'DELETE' });

/** Enters the draft now: every entry rule runs on the server; a refusal leaves the draft as it was. */
export const enterDraft = (id: number, declarations: string[]) =>
  authedFetch<EntryReceipt>(`${draftPath(id)}/enter`, { method: 'POST', ...jsonBody({ declarations: declarations.join(',') }) });
