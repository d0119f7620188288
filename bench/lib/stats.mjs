// Pure helpers for figures: medians, percentiles, ratios and how numbers are written in the tables.

/** Median of numbers (mean of the two middle ones for an even count); null for none. */
export function median(values) {
  const sorted = values.filter((v) => typeof v === 'number' && Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** p-th percentile (0–100) by linear interpolation between closest ranks; null for none. */
export function percentile(values, p) {
  if (!(p >= 0 && p <= 100)) throw new RangeError(`percentile must be within 0–100 (got ${p})`);
  const sorted = values.filter((v) => typeof v === 'number' && Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const rank = (p / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low] + (sorted[high] - sorted[low]) * (rank - low);
}

/** The median of every numeric field over several runs' figures: [{a: 1}, {a: 3}, {a: 2}] → {a: 2}. */
export function medianOf(runs) {
  const keys = new Set(runs.flatMap((run) => Object.keys(run)));
  return Object.fromEntries([...keys].map((key) => [key, median(runs.map((run) => run[key]))]));
}

export const ratio = (value, reference) => (typeof value === 'number' && typeof reference === 'number' && reference > 0 ? value / reference : null);

/** A number for a table: thousands separated, `digits` decimals; '–' when missing. */
export function num(value, digits = 0) {
  if (value === null || value === undefined || Number.isNaN(value)) return '–';
  return Number(value).toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** Bytes as KB with one decimal (1 KB = 1024 bytes), '0' for none. */
export const kb = (bytes) => (bytes === null || bytes === undefined ? '–' : bytes === 0 ? '0' : `${num(bytes / 1024, 1)} KB`);

export const ms = (value) => (value === null || value === undefined ? '–' : value >= 1000 ? `${num(value / 1000, 2)} s` : `${num(value)} ms`);

export const times = (value) => (value === null || value === undefined ? '–' : `${num(value, 2)}×`);
