// Competitions: the public list and details, the admins' create/update, judges' languages and the language shortage.
import type {
  AdminCompetitionList,
  CompetitionDetail,
  CompetitionInput,
  CompetitionList,
  JudgeCoverage,
  JudgeLanguages,
  SavedCompetition,
} from '@writory/shared';
import { apiFetch, authedFetch, jsonBody } from '../lib/api';

export const competitionList = () => apiFetch<CompetitionList>('/api/competitions');
/** Admins: every competition, inactive ones too. */
export const adminCompetitionList = () => authedFetch<AdminCompetitionList>('/api/admin/competitions');
export const competitionDetail = (slug: string) => apiFetch<CompetitionDetail>(`/api/competitions/${encodeURIComponent(slug)}`);

/** Admins: a new competition (no `original`) or changes to the one whose slug was `original`. */
export const saveCompetition = (input: CompetitionInput, original: string | null) =>
  original
    ? authedFetch<SavedCompetition>(`/api/admin/competitions/${encodeURIComponent(original)}`, { method: 'PUT', ...jsonBody(input) })
    : authedFetch<CompetitionDetail>('/api/admin/competitions', { method: 'POST', ...jsonBody(input) });

/** Admins: the languages a judge reads. */
export const setJudgeLanguages = (uid: string, languages: string[]) =>
  authedFetch<JudgeLanguages>(`/api/admin/users/${encodeURIComponent(uid)}/judge-languages`, { method: 'PUT', ...jsonBody({ languages }) });

/** A judge: the languages they read, and changing them. */
export const myJudgeLanguages = () => authedFetch<JudgeLanguages>('/api/judging/languages');
export const saveMyJudgeLanguages = (languages: string[]) =>
  authedFetch<JudgeLanguages>('/api/judging/languages', { method: 'PUT', ...jsonBody({ languages }) });

/** Admins: per competition, month and language, the entries and the judges who read it (short when too few). */
export const judgeCoverage = () => authedFetch<JudgeCoverage>('/api/admin/judge-coverage');
