// The one way the site talks to /api: credentials always sent, JSON in and out,
// and a non-ok answer raises an Error whose message is "status: body" (the spec's error catalogue).
import type { ApiErrorBody } from '@writory/shared';
import { currentIdToken } from './firebase';
import { formatWait } from './format';
import { currentLocale, t } from '../i18n/t';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`${status}: ${body}`);
    this.name = 'ApiError';
  }
}

export async function apiErrorFrom(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  return new ApiError(res.status, text || res.statusText);
}

export async function apiFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  // The cms answers its messages to a person in the page's language (a signed-in person's profile language wins).
  if (!headers.has('accept-language')) headers.set('accept-language', currentLocale());
  if (init.body && !(init.body instanceof FormData) && !headers.has('content-type')) {
    headers.set('content-type', 'application/json');
  }
  const res = await fetch(path, { ...init, headers, credentials: 'include' });
  if (!res.ok) throw await apiErrorFrom(res);
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

/**
 * apiFetch for a signed-in user: adds `Authorization: Bearer <Firebase ID token>`.
 * With nobody signed in the request goes without it and the server answers as for a visitor.
 */
export async function authedFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  const token = await currentIdToken();
  const headers = new Headers(init.headers);
  if (token) headers.set('authorization', `Bearer ${token}`);
  return apiFetch<T>(path, { ...init, headers });
}

/**
 * The `{ error: { message, details } }` body our controllers send, when an ApiError carries one. A limit's
 * wait (details.retryAfterSeconds) is said in the reader's words and time zone ("Try again tomorrow at 09:00.").
 */
export function apiErrorBody(error: unknown): ApiErrorBody['error'] | null {
  if (!(error instanceof ApiError)) return null;
  let body: ApiErrorBody['error'];
  try {
    const parsed = JSON.parse(error.body) as Partial<ApiErrorBody>;
    if (!parsed || typeof parsed.error?.message !== 'string') return null;
    body = parsed.error;
  } catch {
    return null;
  }
  const { retryAfterSeconds, limit } = (body.details ?? {}) as { retryAfterSeconds?: unknown; limit?: unknown };
  if (typeof retryAfterSeconds !== 'number' || typeof limit !== 'string') return body;
  return { ...body, message: t('time.tryAgain', { limit, when: formatWait(retryAfterSeconds) }) };
}

/** The server's own words for a refusal (its error message), or `fallback` when there are none. */
export function problemOf(error: unknown, fallback: string): string {
  return apiErrorBody(error)?.message ?? fallback;
}

/**
 * Splits a validation answer into one message per field (details.errors[].path names the field,
 * as "phone" or ["phone"]) and the rest, which belongs to the whole form.
 */
export function fieldErrorsFrom(error: unknown, fields: readonly string[]): { fields: Record<string, string>; form: string | null } {
  const body = apiErrorBody(error);
  const result: { fields: Record<string, string>; form: string | null } = { fields: {}, form: null };
  if (!body) return result;
  const details = body.details as { errors?: { path?: unknown; message?: unknown }[] } | undefined;
  for (const issue of Array.isArray(details?.errors) ? details.errors : []) {
    const path = Array.isArray(issue.path) ? issue.path.join('.') : String(issue.path ?? '');
    const field = fields.find((name) => path === name || path.startsWith(`${name}.`));
    if (field && typeof issue.message === 'string' && !result.fields[field]) result.fields[field] = issue.message;
  }
  if (Object.keys(result.fields).length === 0) result.form = body.message;
  return result;
}

/** A query string from the filled-in values only (an empty filter is left out). */
export function queryOf(params: Record<string, string | number | boolean | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** A JSON request body for apiFetch/authedFetch. */
export const jsonBody = (body: unknown): RequestInit => ({ body: JSON.stringify(body) });

/** A file name from a Content-Disposition header (RFC 6266 filename* first), or the fallback. */
export function fileNameFrom(disposition: string | null, fallback: string): string {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (star) return decodeURIComponent(star[1]);
  const plain = /filename="([^"]+)"/i.exec(disposition ?? '');
  return plain ? plain[1] : fallback;
}

/**
 * Downloads a file the cms sends only to the signed-in user (a poem, a photo, a CSV export: a plain link cannot carry
 * the Authorization header), saved under the name the server gives, else `fallbackName`. Throws like apiFetch on a
 * refusal.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const res = await authedResponse(path);
  saveFile(await res.blob(), fileNameFrom(res.headers.get('content-disposition'), fallbackName));
}

/** A file for the signed-in user, as a Blob (a preview the page shows or saves itself). Throws like apiFetch. */
export async function authedBlob(path: string): Promise<Blob> {
  return (await authedResponse(path)).blob();
}

async function authedResponse(path: string): Promise<Response> {
  const token = await currentIdToken();
  const res = await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {}, credentials: 'include' });
  if (!res.ok) throw await apiErrorFrom(res);
  return res;
}

/** Offers a file to the browser's downloads. */
export function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
