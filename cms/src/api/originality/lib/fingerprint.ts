// Near-duplicate detection for poems in any script: MinHash over character 5-grams of the normalised text,
// with locality-sensitive hashing (bands) so a lookup touches only likely matches, not every stored text.

export const SHINGLE_LENGTH = 5;
export const BANDS = 20;
export const ROWS_PER_BAND = 5;
export const SIGNATURE_LENGTH = BANDS * ROWS_PER_BAND;
/** Estimated Jaccard similarity from which two texts are flagged as near-duplicates. */
export const DEFAULT_THRESHOLD = 0.6;

/**
 * Case, accents and optional diacritics (e.g. Arabic harakat), punctuation and spacing do not make a poem
 * original: compatibility-decomposed, lower case, non-spacing marks dropped, letters/digits/spacing marks
 * only. Dropping spaces too keeps scripts written without them comparable.
 */
export function normalise(text: string): string {
  return text
    .normalize('NFKD')
    .toLocaleLowerCase('und')
    .replace(/\p{Mn}+/gu, '')
    .replace(/[^\p{L}\p{Mc}\p{N}]+/gu, '')
    .normalize('NFC');
}

/** Character n-grams: they work for scripts written without spaces as well as for those with. */
export function shingles(text: string, length = SHINGLE_LENGTH): Set<string> {
  const chars = Array.from(normalise(text));
  const result = new Set<string>();
  if (chars.length === 0) return result;
  if (chars.length <= length) {
    result.add(chars.join(''));
    return result;
  }
  for (let i = 0; i + length <= chars.length; i++) result.add(chars.slice(i, i + length).join(''));
  return result;
}

/** 32-bit FNV-1a of a string, mixed with a seed. */
function hash32(value: string, seed: number): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < value.length; i++) {
    h ^= value.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  // final avalanche (murmur3 fmix32) so nearby seeds give independent hashes
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35) >>> 0;
  h ^= h >>> 16;
  return h >>> 0;
}

const SEEDS = Array.from({ length: SIGNATURE_LENGTH }, (_, i) => hash32(`writory-minhash-${i}`, i));

/** MinHash signature; null when the text has nothing to compare (no letters or digits). */
export function signature(text: string): number[] | null {
  const grams = shingles(text);
  if (grams.size === 0) return null;
  const mins = new Array<number>(SIGNATURE_LENGTH).fill(0xffffffff);
  for (const gram of grams) {
    for (let i = 0; i < SIGNATURE_LENGTH; i++) {
      const h = hash32(gram, SEEDS[i]);
      if (h < mins[i]) mins[i] = h;
    }
  }
  return mins;
}

/** Estimated Jaccard similarity of the two texts behind the signatures (0–1). */
export function similarity(a: readonly number[], b: readonly number[]): number {
  let same = 0;
  for (let i = 0; i < SIGNATURE_LENGTH; i++) if (a[i] === b[i]) same++;
  return same / SIGNATURE_LENGTH;
}

/** One lookup key per band: texts sharing any key are candidates. */
export function bandKeys(sig: readonly number[]): string[] {
  const keys: string[] = [];
  for (let band = 0; band < BANDS; band++) {
    const rows = sig.slice(band * ROWS_PER_BAND, (band + 1) * ROWS_PER_BAND).join('.');
    keys.push(`${band}:${hash32(rows, band).toString(36)}`);
  }
  return keys;
}
