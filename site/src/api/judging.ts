// The judging desk: a month's blind queue, one entry with its file, scores, recusals, and (admins) progress and report.
import type { AdminJudgingReport, EntryJudging, JudgeScore, JudgingEntry, JudgingProgress, JudgingQueue, ScoreInput } from '@writory/shared';
import { authedFetch, downloadFile, jsonBody, queryOf } from '../lib/api';
import { competitionParam } from '../lib/competitions';

const entryPath = (code: string) => `/api/judging/entries/${encodeURIComponent(code)}`;

/** Without a month, the server picks the month being judged. */
/** A competition's month (poetry's when none is named; the latest month with entries when no month is). */
const judgingQuery = (month?: string | null, competition?: string | null) => queryOf({ month, competition: competitionParam(competition) });
export const judgingQueue = (month?: string | null, competition?: string | null) =>
  authedFetch<JudgingQueue>(`/api/judging/queue${judgingQuery(month, competition)}`);
export const judgingProgress = (month?: string | null, competition?: string | null) =>
  authedFetch<JudgingProgress>(`/api/judging/progress${judgingQuery(month, competition)}`);
export const judgingReport = (month?: string | null, competition?: string | null) =>
  authedFetch<AdminJudgingReport | null>(`/api/judging/report${judgingQuery(month, competition)}`);

export const judgingEntry = (code: string) => authedFetch<JudgingEntry>(entryPath(code));

/** The blind file (no poet's name in it), saved as the fallback name unless the server names it. */
export const downloadJudgingFile = (code: string, fallbackName: string) => downloadFile(`${entryPath(code)}/file`, fallbackName);

export const scoreEntry = (code: string, scores: ScoreInput) => authedFetch<JudgeScore>(`${entryPath(code)}/scores`, { method: 'POST', ...jsonBody(scores) });

/** The note is for the admins only; null when the judge gave none. */
export const recuseFromEntry = (code: string, note: string | null) => authedFetch<void>(`${entryPath(code)}/recuse`, { method: 'POST', ...jsonBody({ note }) });

/** Admins: the entry's judges become these (judges who already scored it stay). */
export const setEntryJudges = (code: string, uids: string[]) =>
  authedFetch<EntryJudging>(`${entryPath(code)}/judges`, { method: 'PUT', ...jsonBody({ judges: uids }) });
