// Profile pictures are checked by their bytes: the file name and the declared type are the client's word.
export const PICTURE_MAX_BYTES = 2 * 1024 * 1024;
export const PICTURE_MAX_SIDE = 512;

export type PictureKind = 'jpeg' | 'png' | 'webp';

/** The image kind announced by the first bytes, or null for anything else. */
export function sniffImage(head: Uint8Array): PictureKind | null {
  const at = (offset: number, bytes: number[]) => bytes.every((byte, i) => head[offset + i] === byte);
  if (at(0, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (at(0, [0x52, 0x49, 0x46, 0x46]) && at(8, [0x57, 0x45, 0x42, 0x50])) return 'webp';
  return null;
}
