// The quick client-side check of an image upload (profile picture, article cover); the server makes the real decision.
import type { MessageKey } from '../i18n/en';

export const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const MAX_PICTURE_BYTES = 2 * 1024 * 1024;

/** What the server would refuse about an image file: its type, its size, or nothing. */
export function imageProblem(file: Pick<File, 'type' | 'size'>, maxBytes: number): 'type' | 'size' | null {
  if (!(PICTURE_TYPES as readonly string[]).includes(file.type)) return 'type';
  return file.size > maxBytes ? 'size' : null;
}

/** The message key for a profile picture the server would refuse, or null when it may be sent. */
export function pictureProblem(file: Pick<File, 'type' | 'size'>): MessageKey | null {
  const problem = imageProblem(file, MAX_PICTURE_BYTES);
  return problem === null ? null : problem === 'type' ? 'picture.type' : 'picture.size';
}
