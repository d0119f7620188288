// Entries: the poet's submit path (text check, then the entry itself), their list and allowance, and the files.
import type { AdminEntries, EntryAllowance, EntryPreview, EntryReceipt, MyEntry } from '@writory/shared';
import { authedFetch, downloadFile, queryOf } from '../lib/api';
import { competitionParam } from '../lib/competitions';

const entryPath = (code: string) => `/api/entries/${encodeURIComponent(code)}`;

/** Step 1 of submitting: the poem's text as the judges will read it (form data: poem, fullName, phone, competition). */
export const previewEntry = (form: FormData) => authedFetch<EntryPreview>('/api/entries/preview', { method: 'POST', body: form });

/** Step 2: the entry itself. The key stays the same for retries of one entry, so a retry never enters it twice. */
export const submitEntry = (form: FormData, idempotencyKey: string) =>
  authedFetch<EntryReceipt>('/api/entries', { method: 'POST', body: form, headers: { 'Idempotency-Key': idempotencyKey } });

export const myEntries = () => authedFetch<MyEntry[]>('/api/entries/mine');

/** Whether the signed-in poet may enter the competition now (poetry when none is named), and how many entries are left. */
export const entryAllowance = (competition?: string | null) =>
  authedFetch<EntryAllowance>(`/api/entries/allowance${queryOf({ competition: competitionParam(competition) })}`);

/** The entry's own file (its poet, or an admin), saved under the server's name or the fallback. */
export const downloadEntryFile = (code: string, fallbackName: string) => downloadFile(`${entryPath(code)}/file`, fallbackName);

/** Admins: every entry of a month (the current one without a month). */
export const adminEntries = (month?: string | null) => authedFetch<AdminEntries>(`/api/admin/entries${queryOf({ month })}`);
