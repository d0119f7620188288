// The quick client-side check of a profile picture; the server makes the real decision.
import type { MessageKey } from '../i18n/en';

export const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const MAX_PICTURE_BYTES = 2 * 1024 * 1024;

/** The message key for a file the server would refuse, or null when it may be sent. */
export function pictureProblem(file: Pick<File, 'type' | 'size'>): MessageKey | null {
  if (!(PICTURE_TYPES as readonly string[]).includes(file.type)) return 'profile.pictureType';
  if (file.size > MAX_PICTURE_BYTES) return 'profile.pictureSize';
  return null;
}
