import type { ResultsTimer, WinnerData, WinnerTimer } from '@writory/shared';
import { competitionOf, type PublicationTimer, type ResultsPayload } from './payload';

/** A timer as the admin pages read it (the spec's timer shapes). */
export function toWire(row: PublicationTimer, now = Date.now()): ResultsTimer | WinnerTimer {
  const dueAt = new Date(row.dueAt).getTime();
  const base = {
    id: row.id,
    competition: row.competitionSlug ?? competitionOf(row.payload as { competition?: string }),
    isActive: row.status === 'scheduled',
    timeRemaining: row.status === 'scheduled' ? Math.max(0, dueAt - now) : 0,
    dueAt: new Date(dueAt).toISOString(),
    status: row.status,
    error: row.error ?? null,
    firedAt: row.firedAt ? new Date(row.firedAt).toISOString() : null,
    summary: row.summary ?? null,
  };
  if (row.kind === 'winners') return { ...base, winnerData: row.payload as WinnerData };
  const payload = row.payload as ResultsPayload;
  return { ...base, month: payload.month, source: payload.source, fileName: payload.fileName ?? null, fileContent: payload.fileContent ?? null };
}
