// Results, winners, certificates and the leaderboard: what admins publish (and when), and what poets and visitors read.
import type {
  CertificateKind,
  CertificateListItem,
  CertificateView,
  LeaderboardPage,
  LeaderboardPreview,
  ResultsMonth,
  ResultsPreview,
  ResultsTimer,
  ScoreCard,
  SuggestedWinner,
  TimerAnswer,
  WinnerData,
  WinnerTimer,
} from '@writory/shared';
import { apiFetch, authedBlob, authedFetch, jsonBody, queryOf } from '../lib/api';
import { competitionParam } from '../lib/competitions';

// --- Publication timers (results, winners) and the contest months they publish ---

export type TimerKind = 'results' | 'winners';
export type TimerOf<K extends TimerKind> = K extends 'results' ? ResultsTimer : WinnerTimer;
/** What publishing answers: the timer it set, and the summary when it published at once. */
export interface PublishAnswer<T, S> {
  timer: T;
  summary?: S;
}

const TIMER_PATHS: Record<TimerKind, string> = { results: '/api/admin/timer', winners: '/api/admin/winner-timer' };

// Every publishing call names its competition (poetry's calls stay exactly as before competitions: no parameter).
const ofCompetition = (competition?: string | null) => queryOf({ competition: competitionParam(competition) });
/** A JSON body's competition field (none for poetry). */
const competitionField = (competition?: string | null) => {
  const slug = competitionParam(competition);
  return slug ? { competition: slug } : {};
};

/** The latest timer of a kind of a competition; each competition's months publish on timers of their own. */
export const publicationTimer = <K extends TimerKind>(kind: K, competition?: string | null) =>
  authedFetch<TimerAnswer<TimerOf<K>>>(`${TIMER_PATHS[kind]}/get${ofCompetition(competition)}`);
export const deletePublicationTimer = (kind: TimerKind, competition?: string | null) =>
  authedFetch<void>(`${TIMER_PATHS[kind]}/delete${ofCompetition(competition)}`, { method: 'DELETE' });
export const retryPublicationTimer = (kind: TimerKind, competition?: string | null) =>
  authedFetch<void>(`${TIMER_PATHS[kind]}/retry${ofCompetition(competition)}`, { method: 'POST' });

export const resultsMonths = (competition?: string | null) => authedFetch<{ months: ResultsMonth[] }>(`/api/admin/results/months${ofCompetition(competition)}`);

// --- Scores ---

/** The scores a results CSV (or, without one, the judges' scores in the app) would publish, with an error per row. */
export function previewResults(month: string, csvFile?: File | null, competition?: string | null): Promise<ResultsPreview> {
  if (!csvFile) return authedFetch<ResultsPreview>('/api/admin/results/preview', { method: 'POST', ...jsonBody({ month, ...competitionField(competition) }) });
  const body = new FormData();
  body.append('month', month);
  const slug = competitionParam(competition);
  if (slug) body.append('competition', slug);
  body.append('csvFile', csvFile);
  return authedFetch<ResultsPreview>('/api/admin/results/preview', { method: 'POST', body });
}

type ResultsAnswer = PublishAnswer<ResultsTimer, { published: number }>;

/** Publishes a results CSV now, or at `publishAt`. */
export function publishResultsCsv(month: string, csvFile: File, publishAt: string | null, competition?: string | null): Promise<ResultsAnswer> {
  const body = new FormData();
  body.append('month', month);
  const slug = competitionParam(competition);
  if (slug) body.append('competition', slug);
  if (publishAt) body.append('publishAt', publishAt);
  body.append('csvFile', csvFile);
  return authedFetch<ResultsAnswer>('/api/admin/upload-csv', { method: 'POST', body });
}

/** Publishes the judges' scores now, or at `publishAt`. */
export const publishJudgesResults = (month: string, publishAt: string | null, competition?: string | null) =>
  authedFetch<ResultsAnswer>('/api/admin/results/publish', {
    method: 'POST',
    ...jsonBody({ month, ...competitionField(competition), ...(publishAt ? { publishAt } : {}) }),
  });

/** The signed-in poet's published score cards. */
export const myScoreCards = () => authedFetch<{ scoreCards: ScoreCard[] }>('/api/results/me');

// --- Winners ---

export const winnerSuggestions = (month: string, competition?: string | null) =>
  authedFetch<{ suggestions: SuggestedWinner[] }>(`/api/admin/winners/suggestions${queryOf({ month, competition: competitionParam(competition) })}`);

/** Publishes the winners now, or at `publishAt`. */
export const publishWinners = ({ competition, ...winners }: WinnerData, publishAt: string | null) =>
  authedFetch<PublishAnswer<WinnerTimer, unknown>>('/api/admin/upload-winners', {
    method: 'POST',
    ...jsonBody({ ...winners, ...competitionField(competition), ...(publishAt ? { publishAt } : {}) }),
  });

// --- Certificates ---

const certificatePath = (slug: string) => `/api/certificates/${encodeURIComponent(slug)}`;

/** Anyone with the link sees a certificate. */
export const certificateBySlug = (slug: string) => apiFetch<CertificateView>(certificatePath(slug));
/** The certificate a printed verification code belongs to. */
export const verifyCertificate = (code: string) => apiFetch<CertificateView>(`/api/certificates/verify/${encodeURIComponent(code)}`);
/** A plain link (the PDF of an issued certificate is public). */
export const certificatePdfUrl = (slug: string) => `${certificatePath(slug)}/pdf`;
export const myCertificates = () => authedFetch<{ certificates: CertificateListItem[] }>('/api/certificates/me');

export const certificatePreview = (kind: CertificateKind, month: string) =>
  authedFetch<CertificateView>(`/api/admin/certificates/preview${queryOf({ kind, month })}`);
export const issuedCertificates = (kind: CertificateKind, month: string) =>
  authedFetch<{ certificates: CertificateListItem[] }>(`/api/admin/certificates${queryOf({ kind, month })}`);
export const issueCertificates = (kind: CertificateKind, month: string) =>
  authedFetch<{ issued: number }>('/api/admin/certificates/issue', { method: 'POST', ...jsonBody({ kind, month }) });
export const reissueCertificate = (slug: string) => authedFetch<void>(`/api/admin/certificates/${encodeURIComponent(slug)}/reissue`, { method: 'POST' });

/** The preview PDF with real data; it needs the admin's token, so it comes as a file. */
export const certificatePreviewPdf = (kind: CertificateKind, month: string): Promise<Blob> =>
  authedBlob(`/api/admin/certificates/preview/pdf${queryOf({ kind, month })}`);

// --- Leaderboard ---

export interface LeaderboardQuery {
  view: string;
  page: number;
  pageSize: number;
  /** A poet's name to search for; empty for everyone. */
  q: string;
  /** The competition ranked (poetry when none). */
  competition?: string | null;
}

export const leaderboardPage = ({ view, page, pageSize, q, competition }: LeaderboardQuery) =>
  apiFetch<LeaderboardPage>(`/api/leaderboard${queryOf({ view, page, pageSize, q, competition: competitionParam(competition) })}`);

const sendLeaderboardCsv = <T>(path: string, csvFile: File) => {
  const body = new FormData();
  body.append('csvFile', csvFile);
  return authedFetch<T>(path, { method: 'POST', body });
};

/** Historical leaderboard rows from a CSV, with an error per row; nothing is stored. */
export const previewLeaderboardImport = (csvFile: File) => sendLeaderboardCsv<LeaderboardPreview>('/api/admin/leaderboard/preview', csvFile);
export const importLeaderboard = (csvFile: File) => sendLeaderboardCsv<{ imported: number; months: string[] }>('/api/admin/leaderboard/import', csvFile);
