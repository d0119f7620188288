// Hides the author from what judges read: their name (whole, in any case, with or without diacritics, in
// either order, even run into the words around it or split into pieces by a printer; or a part of it in a
// byline or signature line), their
// email addresses and their phone number. Works in any script; a poem's own words are left alone, and a part
// of the name standing alone in a line is reported to the poet instead of removed.

export interface Author {
  /** The poet's names (contact name, profile name): whole, and their parts in bylines and signatures. */
  names: (string | null | undefined)[];
  /** Other names of the author (from the file's metadata): replaced only where they appear whole. */
  wholeNames?: (string | null | undefined)[];
  emails?: (string | null | undefined)[];
  phones?: (string | null | undefined)[];
}

export const REDACTED = { name: '[name removed]', email: '[email removed]', phone: '[phone removed]' } as const;

/** One mention of the author in a text: the characters [start, end) and what replaces them. */
export interface Mention {
  start: number;
  end: number;
  replacement: string;
}

/** A part of the poet's name standing alone in a line of the text (1-based): maybe a word of the poem. */
export interface NamePart {
  line: number;
  word: string;
}

// Scripts written without spaces between words: a name there is matched without word boundaries.
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const WORD_CHAR = /[\p{L}\p{M}\p{N}]/u;
const BYLINE = /^\s*(?:(?:written\s+)?by|author|poet|name|poem\s+by|copyright|©|\(c\)|—|–|-{1,2}|~)(?=[\s:.,©]|$)/iu;
const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu;
const PHONE_LIKE = /\+?\d[\d\s().-]{5,}\d/g;
const MIN_PHONE_DIGITS = 7;
// Marks folded away: Latin/Greek/Cyrillic diacritics, Hebrew points, Arabic vowel marks; and invisible
// characters (soft hyphen, zero-width joiners and spaces, word joiner, byte-order mark).
const FOLDED_AWAY = /[\u0300-\u036f\u0591-\u05c7\u064b-\u065f\u0670\u00ad\u200b-\u200f\u2060\ufeff]/u;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Words this long or longer are found also when split into pieces: a printer places a word's glyph clusters apart. */
const MIN_SPLIT_CHARS = 3;
/**
 * A folded word as a pattern that also matches it split into pieces by single spaces ("மீ ரா" for "மீரா"; the
 * zero-width characters a split may leave are folded away already). Short words must match exactly.
 */
const splitTolerant = (word: string) => {
  const chars = [...word];
  return chars.length < MIN_SPLIT_CHARS ? escapeRegExp(word) : chars.map(escapeRegExp).join(' ?');
};
const clean = (text: string | null | undefined) => (text ?? '').normalize('NFC').replace(/\s+/g, ' ').trim();

interface Folded {
  text: string;
  /** For each folded character, the original offset it came from. */
  from: number[];
}

/** Lower case, diacritics and invisible characters removed, any space as one space; offsets kept. */
export function fold(text: string): Folded {
  let out = '';
  const from: number[] = [];
  for (let i = 0; i < text.length; ) {
    const code = text.charCodeAt(i);
    if (code < 0x80) {
      // ASCII (most of most texts) folds to itself: no decomposition, no mark; spaces to ' ', A–Z to a–z.
      out += code === 0x20 || (code >= 0x09 && code <= 0x0d) ? ' ' : code >= 0x41 && code <= 0x5a ? String.fromCharCode(code + 32) : text[i];
      from.push(i);
      i += 1;
      continue;
    }
    const char = String.fromCodePoint(text.codePointAt(i)!);
    for (const part of char.normalize('NFD')) {
      if (FOLDED_AWAY.test(part)) continue;
      const lower = /\s/u.test(part) ? ' ' : part.toLowerCase();
      out += lower;
      for (let k = 0; k < lower.length; k++) from.push(i);
    }
    i += char.length;
  }
  return { text: out, from };
}

const foldWord = (text: string) => fold(text).text;
const isUpper = (char: string | undefined) => !!char && char !== char.toLowerCase() && char === char.toUpperCase();
const isLower = (char: string | undefined) => !!char && char !== char.toUpperCase() && char === char.toLowerCase();
const isWordChar = (char: string | undefined) => !!char && WORD_CHAR.test(char);

export interface Anonymiser {
  /** Every mention of the author in the text, in order, not overlapping. */
  find(text: string): Mention[];
  /** The text with every mention of the author replaced, and how many were replaced. */
  redact(text: string): { text: string; count: number };
  /** How many mentions of the author the text holds (0 when it is blind). */
  mentions(text: string): number;
  /**
   * Mentions in text judges never read (headers, footers, comments): there a part of the name standing alone
   * is removed too, since no poem's words are at stake.
   */
  findWithParts(text: string): Mention[];
  /** Parts of the poet's name left standing alone in the text (after redaction): for the poet to check. */
  nameParts(text: string): NamePart[];
  /**
   * Whether a line read from letters a PDF does not spell out may show the author: a mention, or a word of three
   * characters or more found inside a word of their names or email (a reader guessing at glyphs gets pieces
   * right: "र्मा" of "शर्मा").
   */
  mayShowAuthor(line: string): boolean;
}

export function applyMentions(text: string, mentions: Mention[]): string {
  let out = '';
  let at = 0;
  for (const mention of mentions) {
    out += text.slice(at, mention.start) + mention.replacement;
    at = mention.end;
  }
  return out + text.slice(at);
}

export function createAnonymiser(author: Author): Anonymiser {
  const usable = (list: (string | null | undefined)[] = []) => [...new Set(list.map(clean).filter((name) => [...name].length >= 2))];
  const names = usable(author.names);
  // A name in either order: "Meera Nair", "Nair Meera", "Nair, Meera".
  const orders = names.flatMap((name) => {
    const parts = name.split(' ');
    if (parts.length < 2) return [name];
    const last = parts[parts.length - 1];
    const rest = parts.slice(0, -1).join(' ');
    return [name, `${last}, ${rest}`, `${last} ${rest}`];
  });
  // Longest first, so "Asha Verse" is replaced before "Asha".
  const wholeNames = [...new Set([...orders, ...usable(author.wholeNames)].map(foldWord))]
    .filter((name) => [...name].length >= 2)
    .sort((a, b) => b.length - a.length);
  // The words of a name with any spaces between them, none too (a printer may run two words together).
  const namePatterns = wholeNames.map((name) => {
    const body = name
      .split(' ')
      .map((part, i) => (i === 0 ? '' : ' *') + splitTolerant(part))
      .join('');
    // Several words are distinctive enough to match run into other text ("IIby Audit Bee PoetThe");
    // one word needs a boundary or a change of case at each end (checked on the original text).
    return { pattern: new RegExp(body, 'gu'), loose: name.includes(' ') || UNSPACED.test(name) };
  });
  // Parts of a name that identify it in a byline ("— Asha") or a signature line ("A. Verse").
  const tokens = new Set(
    names
      .flatMap((name) => name.split(' '))
      .map((part) => foldWord(part.replace(/\.$/, '')))
      .filter((part) => [...part].length >= 2),
  );
  const phoneTails = (author.phones ?? [])
    .map((phone) => (phone ?? '').replace(/\D/g, ''))
    .filter((digits) => digits.length >= MIN_PHONE_DIGITS)
    .map((digits) => digits.slice(-MIN_PHONE_DIGITS));

  // The parts again, as a printer may split them ("மீ ரா" for "மீரா"), standing apart in a folded line.
  const splitTokens = [...tokens]
    .filter((token) => [...token].length >= MIN_SPLIT_CHARS)
    .map((token) => new RegExp(`(?<![\\p{L}\\p{M}\\p{N}])${splitTolerant(token)}(?![\\p{L}\\p{M}\\p{N}])`, 'gu'));
  /** The folded line with split parts of the name taken out, and whether there was one. */
  const withoutSplitTokens = (line: string) => {
    let found = false;
    let rest = fold(line).text;
    for (const pattern of splitTokens) {
      rest = rest.replace(pattern, () => {
        found = true;
        return ' ';
      });
    }
    return { found, rest };
  };

  const words = (line: string) => line.match(new RegExp(`${WORD_CHAR.source}+`, 'gu')) ?? [];
  const namesAToken = (line: string) => words(line).some((word) => tokens.has(foldWord(word))) || withoutSplitTokens(line).found;
  const isSignature = (line: string) => {
    const parts = words(line);
    if (
      parts.length > 0 &&
      parts.length <= 4 &&
      parts.some((w) => tokens.has(foldWord(w))) &&
      parts.every((w) => tokens.has(foldWord(w)) || [...w].length === 1)
    )
      return true;
    // A signature whose parts a printer split: nothing but split parts (and initials) in at most 8 pieces.
    if (parts.length === 0 || parts.length > 8 || !splitTokens.length) return false;
    const { found, rest } = withoutSplitTokens(line);
    return found && words(rest).every((w) => [...w].length === 1);
  };
  const isOwnPhone = (match: string) => {
    const digits = match.replace(/\D/g, '');
    return digits.length >= MIN_PHONE_DIGITS && phoneTails.some((tail) => digits.endsWith(tail));
  };

  /** Whether a match of one word at [start, end) of `line` stands apart from the letters around it. */
  const standsApart = (line: string, start: number, end: number) => {
    const before = line[start - 1];
    const after = line[end];
    const okStart = !isWordChar(before) || (isLower(before) && isUpper(line[start]));
    const okEnd = !isWordChar(after) || (isUpper(after) && !isUpper(line[end - 1]));
    return okStart && okEnd;
  };

  /** Extends an original offset over characters that fold to nothing (a combining accent after a letter). */
  const extend = (line: string, end: number) => {
    while (end < line.length && FOLDED_AWAY.test(line[end])) end += 1;
    return end;
  };

  function findInLine(line: string): Mention[] {
    if (tokens.size && (BYLINE.test(line) ? namesAToken(line) : isSignature(line))) {
      const indent = line.match(/^\s*/)![0].length;
      return line.length > indent ? [{ start: indent, end: line.length, replacement: REDACTED.name }] : [];
    }
    const found: Mention[] = [];
    const free = (start: number, end: number) => found.every((mention) => end <= mention.start || start >= mention.end);
    const folded = fold(line);
    const originalEnd = (foldedEnd: number) => extend(line, foldedEnd < folded.from.length ? folded.from[foldedEnd] : line.length);
    // Addresses first: a name run into the text may not begin inside one and leave its remains to read as another.
    // (An address has an @: the pattern alone would try every letter of a long line as the start of one.)
    if (line.includes('@')) {
      for (const match of line.matchAll(EMAIL)) {
        const start = match.index!;
        const end = start + match[0].length;
        found.push({ start, end, replacement: REDACTED.email });
      }
    }
    for (const { pattern, loose } of namePatterns) {
      for (const match of folded.text.matchAll(pattern)) {
        const start = folded.from[match.index!];
        const end = originalEnd(match.index! + match[0].length);
        if (!loose && !standsApart(line, start, end)) continue;
        if (free(start, end)) found.push({ start, end, replacement: REDACTED.name });
      }
    }
    for (const match of line.matchAll(PHONE_LIKE)) {
      const start = match.index!;
      const end = start + match[0].length;
      if (isOwnPhone(match[0]) && free(start, end)) found.push({ start, end, replacement: REDACTED.phone });
    }
    return found.sort((a, b) => a.start - b.start);
  }

  function find(text: string): Mention[] {
    const mentions: Mention[] = [];
    // A line's mentions depend on the line alone: a line seen before in this text is not searched again.
    const seen = new Map<string, Mention[]>();
    let offset = 0;
    for (const line of text.split('\n')) {
      let inLine = seen.get(line);
      if (!inLine) seen.set(line, (inLine = findInLine(line)));
      for (const mention of inLine) mentions.push({ ...mention, start: mention.start + offset, end: mention.end + offset });
      offset += line.length + 1;
    }
    return mentions;
  }

  function nameParts(text: string): NamePart[] {
    const found: NamePart[] = [];
    text.split('\n').forEach((line, index) => {
      for (const match of line.matchAll(new RegExp(`${WORD_CHAR.source}+`, 'gu'))) {
        if (tokens.has(foldWord(match[0]))) found.push({ line: index + 1, word: match[0] });
      }
      // Names in scripts without spaces: a part anywhere in the line.
      const folded = fold(line).text;
      for (const token of tokens) if (UNSPACED.test(token) && folded.includes(token)) found.push({ line: index + 1, word: token });
    });
    return found;
  }

  function findWithParts(text: string): Mention[] {
    const mentions = find(text);
    const free = (start: number, end: number) => mentions.every((mention) => end <= mention.start || start >= mention.end);
    for (const match of text.matchAll(new RegExp(`${WORD_CHAR.source}+`, 'gu'))) {
      const start = match.index!;
      const end = start + match[0].length;
      if (tokens.has(foldWord(match[0])) && free(start, end)) mentions.push({ start, end, replacement: REDACTED.name });
    }
    return mentions.sort((a, b) => a.start - b.start);
  }

  // Every word of every name and of the emails' local parts, folded: what a guessed piece is looked for in.
  const authorWords = [
    ...wholeNames.flatMap((name) => name.split(' ')),
    ...usable(author.emails).flatMap((email) => foldWord(email.split('@')[0]).split(/[._+-]+/)),
  ].filter((word) => [...word].length >= MIN_SPLIT_CHARS);
  const mayShowAuthor = (line: string) =>
    findWithParts(line).length > 0 ||
    words(line)
      .map(foldWord)
      .some((word) => [...word].length >= MIN_SPLIT_CHARS && authorWords.some((authorWord) => authorWord.includes(word)));

  return {
    find,
    findWithParts,
    mayShowAuthor,
    redact: (text) => {
      const mentions = find(text);
      return { text: applyMentions(text, mentions), count: mentions.length };
    },
    mentions: (text) => find(text).length,
    nameParts,
  };
}
