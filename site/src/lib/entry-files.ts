// Quick checks of the files a poet picks (the server makes the real decision) and downloads of private files,
// which need the signed-in user's token and so cannot be plain links.
import { ENTRY_PHOTO_MAX_BYTES, ENTRY_PHOTO_TYPES, MAX_POEM_BYTES } from '@writory/shared';
import type { MessageKey } from '../i18n/en';
import { apiErrorFrom } from './api';
import { currentIdToken } from './firebase';

export const POEM_ACCEPT = '.docx,.pdf,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export function poemProblem(file: Pick<File, 'name' | 'size'>): MessageKey | null {
  if (!/\.(docx|pdf)$/i.test(file.name)) return 'submit.poemType';
  if (file.size > MAX_POEM_BYTES) return 'submit.poemSize';
  if (file.size === 0) return 'submit.poemEmpty';
  return null;
}

export function photoProblem(file: Pick<File, 'type' | 'size'>): MessageKey | null {
  if (!(ENTRY_PHOTO_TYPES as readonly string[]).includes(file.type)) return 'submit.photoType';
  if (file.size > ENTRY_PHOTO_MAX_BYTES) return 'submit.photoSize';
  return null;
}

/** A file name from a Content-Disposition header (RFC 6266 filename* first), or the fallback. */
export function fileNameFrom(disposition: string | null, fallback: string): string {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (star) return decodeURIComponent(star[1]);
  const plain = /filename="([^"]+)"/i.exec(disposition ?? '');
  return plain ? plain[1] : fallback;
}

/** Fetches a private file with the user's token and hands it to the browser as a download. */
export async function downloadPrivateFile(path: string, fallbackName: string): Promise<void> {
  const token = await currentIdToken();
  const res = await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {}, credentials: 'include' });
  if (!res.ok) throw await apiErrorFrom(res);
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameFrom(res.headers.get('content-disposition'), fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** A new Idempotency-Key for one entry (kept for retries of that entry). */
export function newIdempotencyKey(): string {
  return `entry-${crypto.randomUUID()}`;
}
