// Hides the author from what judges read: their name (whole, or in a byline or signature line), their
// email addresses and their phone number. Works in any script; a poem's own words are left alone.

export interface Author {
  /** The poet's names (contact name, profile name): whole, and their parts in bylines and signatures. */
  names: (string | null | undefined)[];
  /** Other names of the author (from the file's metadata): replaced only where they appear whole. */
  wholeNames?: (string | null | undefined)[];
  emails?: (string | null | undefined)[];
  phones?: (string | null | undefined)[];
}

export const REDACTED = { name: '[name removed]', email: '[email removed]', phone: '[phone removed]' } as const;

// Scripts written without spaces between words: a name there is matched without word boundaries.
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const WORD_CHAR = '[\\p{L}\\p{M}\\p{N}]';
const BYLINE = /^\s*(?:(?:written\s+)?by|author|poet|name|poem\s+by|copyright|©|\(c\)|—|–|-{1,2}|~)(?=[\s:.,©]|$)/iu;
const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu;
const PHONE_LIKE = /\+?\d[\d\s().-]{5,}\d/g;
const MIN_PHONE_DIGITS = 7;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const clean = (text: string | null | undefined) => (text ?? '').normalize('NFC').replace(/\s+/g, ' ').trim();
const fold = (text: string) => text.normalize('NFC').toLocaleLowerCase();

export interface Anonymiser {
  /** The text with every mention of the author replaced, and how many were replaced. */
  redact(text: string): { text: string; count: number };
  /** How many mentions of the author the text holds (0 when it is blind). */
  mentions(text: string): number;
}

export function createAnonymiser(author: Author): Anonymiser {
  const usable = (list: (string | null | undefined)[] = []) => [...new Set(list.map(clean).filter((name) => [...name].length >= 2))];
  const names = usable(author.names);
  // Longest first, so "Asha Verse" is replaced before "Asha".
  const wholeNames = usable([...names, ...usable(author.wholeNames)]).sort((a, b) => b.length - a.length);
  const namePatterns = wholeNames.map((name) => {
    const body = name.split(' ').map(escape).join('[\\s\\u00a0]+');
    const source = UNSPACED.test(name) ? body : `(?<!${WORD_CHAR})${body}(?!${WORD_CHAR})`;
    return new RegExp(source, 'giu');
  });
  // Parts of a name that identify it in a byline ("— Asha") or a signature line ("A. Verse").
  const tokens = new Set(names.flatMap((name) => name.split(' ')).map((part) => fold(part.replace(/\.$/, ''))).filter((part) => [...part].length >= 2));
  const phoneTails = (author.phones ?? [])
    .map((phone) => (phone ?? '').replace(/\D/g, ''))
    .filter((digits) => digits.length >= MIN_PHONE_DIGITS)
    .map((digits) => digits.slice(-MIN_PHONE_DIGITS));

  const words = (line: string) => line.match(new RegExp(`${WORD_CHAR}+`, 'gu')) ?? [];
  const namesAToken = (line: string) => words(line).some((word) => tokens.has(fold(word)));
  const isSignature = (line: string) => {
    const parts = words(line);
    return parts.length > 0 && parts.length <= 4 && parts.some((w) => tokens.has(fold(w))) && parts.every((w) => tokens.has(fold(w)) || [...w].length === 1);
  };
  const isOwnPhone = (match: string) => {
    const digits = match.replace(/\D/g, '');
    return digits.length >= MIN_PHONE_DIGITS && phoneTails.some((tail) => digits.endsWith(tail));
  };

  function redact(text: string): { text: string; count: number } {
    let count = 0;
    const lines = text.normalize('NFC').split('\n').map((line) => {
      if (tokens.size && (BYLINE.test(line) ? namesAToken(line) : isSignature(line))) {
        count += 1;
        return line.match(/^\s*/)![0] + REDACTED.name;
      }
      let out = line;
      for (const pattern of namePatterns) {
        out = out.replace(pattern, () => {
          count += 1;
          return REDACTED.name;
        });
      }
      out = out.replace(EMAIL, () => {
        count += 1;
        return REDACTED.email;
      });
      out = out.replace(PHONE_LIKE, (match) => {
        if (!isOwnPhone(match)) return match;
        count += 1;
        return REDACTED.phone;
      });
      return out;
    });
    return { text: lines.join('\n'), count };
  }

  return { redact, mentions: (text) => redact(text).count };
}
