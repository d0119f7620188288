// Quick checks of the files a poet picks (the server makes the real decision); downloads go through lib/api.ts.
import { ENTRY_PHOTO_MAX_BYTES, ENTRY_PHOTO_TYPES, MAX_POEM_BYTES } from '@writory/shared';
import type { MessageKey } from '../i18n/en';

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

/** A new Idempotency-Key for one entry (kept for retries of that entry). */
export function newIdempotencyKey(): string {
  return `entry-${crypto.randomUUID()}`;
}
