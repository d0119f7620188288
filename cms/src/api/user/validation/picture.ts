// Profile pictures: checked by their bytes (see lib/images.ts), re-encoded to fit this square.
export const PICTURE_MAX_BYTES = 2 * 1024 * 1024;
export const PICTURE_MAX_SIDE = 512;
