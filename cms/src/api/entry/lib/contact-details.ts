// Contact details in a poem that are not the poet's own (theirs are removed before judges read it): a phone
// number, an email address or a social handle can still tell judges who wrote it, so "Check the text" asks the
// poet to look. (The anonymiser already removes every email address from what judges read; emails are found here
// too so that the detector is whole on its own.) A warning, never a refusal: the poet decides. Numbers that are years, line numbers, dates, times
// or plain figures are left alone.

export type ContactKind = 'phone' | 'email' | 'handle';

export interface ContactDetail {
  kind: ContactKind;
  /** 1-based line of the text. */
  line: number;
  /** What was found, as written. */
  text: string;
}

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu;
/** "@name" not inside a word or an address: 2 to 30 letters, digits, "_" or "." (not at the end), at least one letter. */
const HANDLE = /(?<![\p{L}\p{N}._%+\-@])@(?=[\p{L}\p{N}_.]*\p{L})[\p{L}\p{N}_](?:[\p{L}\p{N}_.]{0,28}[\p{L}\p{N}_])?(?![\p{L}\p{N}_@])/gu;
/** A profile address on a social site: instagram.com/name, x.com/name, wa.me/91…, t.me/name, … */
const PROFILE_URL =
  /(?<![\p{L}\p{N}.-])(?:https?:\/\/)?(?:www\.)?(?:instagram\.com|twitter\.com|x\.com|facebook\.com|fb\.com|tiktok\.com|threads\.net|youtube\.com|linkedin\.com\/in|t\.me|wa\.me)\/[^\s/]+/giu;
/**
 * A run that may be a phone number: an optional "+", digits with spaces, dots, dashes or brackets between them,
 * not touching a letter or another digit. One line at a time (no newlines inside).
 */
const NUMBER_RUN = /(?<![\p{L}\p{N}+])\+?\(?\d[\d \t().\u2010-\u2013-]*\d\)?(?![\p{L}\p{N}:])/gu;
const YEAR = /^(1[0-9]{3}|20[0-9]{2})$/;
/** 2026-11-29, 29.11.2026, 29-11-26: a date inside the run. */
const DATE = /\d{4}[-.]\d{1,2}[-.]\d{1,2}|\d{1,2}[-.]\d{1,2}[-.]\d{2,4}(?!\d)/;

/** True when a run of digits reads as a phone number rather than a year, a date, a time, a count or a figure. */
export function looksLikePhone(run: string): boolean {
  const groups = run.split(/\D+/).filter(Boolean);
  const digits = groups.join('').length;
  if (run.startsWith('+')) return digits >= 8 && digits <= 15;
  if (digits < 10 || digits > 13 || DATE.test(run)) return false;
  // "1914 1918 1939": years side by side.
  if (groups.every((group) => YEAR.test(group))) return false;
  // "3.14159265358": a figure, not groups of a number read aloud.
  return groups.length === 1 || groups.every((group) => group.length <= 6);
}

/** The contact details in `text`, in reading order (an email's "@name" is not also a handle). */
export function findContactDetails(text: string): ContactDetail[] {
  const found: { index: number; end: number; kind: ContactKind; text: string }[] = [];
  const overlaps = (index: number, end: number) => found.some((f) => index < f.end && end > f.index);
  const add = (kind: ContactKind, pattern: RegExp, keep: (match: string) => boolean = () => true) => {
    for (const match of text.matchAll(pattern)) {
      const index = match.index!;
      const end = index + match[0].length;
      if (keep(match[0]) && !overlaps(index, end)) found.push({ index, end, kind, text: match[0].trim() });
    }
  };
  add('email', EMAIL);
  add('handle', PROFILE_URL);
  add('handle', HANDLE);
  add('phone', NUMBER_RUN, looksLikePhone);
  return found
    .sort((a, b) => a.index - b.index)
    .map(({ index, kind, text: written }) => ({ kind, text: written, line: text.slice(0, index).split('\n').length }));
}
