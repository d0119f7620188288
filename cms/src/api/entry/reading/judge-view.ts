// From a poem's bytes to what an entry stores: the text and title judges read (the author hidden), the
// warnings the poet checks before entering, the blind copy of the file, and the checksums. One reading for
// the preview and the entry; no database, no store.
import { createHash } from 'node:crypto';
import { countWords, withoutBidiControls, type EntryPreview, type EntryPreviewWarning, type PoemKind } from '@writory/shared';
import { signature } from '../../originality/lib/fingerprint';
import type { UserRow } from '../../user/repository';
import type { EntryRow } from '../services/entry';
import { findContactDetails, type ContactKind } from '../lib/contact-details';
import type { EntryBlobs } from '../services/storage';
import { createAnonymiser, type Anonymiser } from './anonymise';
import { makeJudgeCopy } from './judge-copy';
import { pagesCopy, pagesView } from './pages-view';
import { extractPoem, type ExtractedPoem } from './poem-file';

/** What an entry is made from, once its fields are parsed. */
export interface Draft {
  title: string;
  language: string;
  fullName: string;
  /** The name as written in the poem's script (optional): another form of the name judges must not read. */
  nameInScript?: string;
  phone: string;
  country: string;
  declarations: Record<string, string>;
  fileName: string | null | undefined;
  bytes: Buffer;
  /** The file's SHA-256 (hex) when the body parser already took it while the upload arrived. */
  sha256?: string | null;
  photo: Buffer | null;
  idempotencyKey: string;
}

type StoredData = Omit<
  EntryRow,
  | 'id'
  | 'code'
  | 'status'
  | 'fileKey'
  | 'judgeFileKey'
  | 'photoKey'
  | 'judgingStartedAt'
  | 'scoredAt'
  | 'resultsPublishedAt'
  | 'originalityFlag'
  | 'originalityMatches'
> & { declarations: Record<string, string> };

export interface Built {
  data: StoredData;
  blobs: EntryBlobs;
  text: string;
  judgeTextSha256: string;
  /** The text's originality fingerprint (null for a text too short to have one). */
  signature: number[] | null;
}

/** What of the poet's account names them: their name, email and phone are removed from what judges read. */
export type Author = Pick<UserRow, 'name' | 'email' | 'phone'>;

/** The poet's name (also as written in the poem's script) and phone as typed on the form. */
export interface Contact {
  fullName?: string;
  nameInScript?: string;
  phone?: string;
}

export const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/** A file name safe to keep and to send back: no path, no control or bidi characters, the right extension. */
function safeFileName(name: string | null | undefined, kind: PoemKind): string {
  const base = withoutBidiControls(name ?? '')
    .split(/[\\/]/)
    .pop()!
    .replace(/[\u0000-\u001f\u007f"<>|*?:]/g, '')
    .trim()
    .slice(0, 200);
  const stem = base.replace(/\.(docx|pdf)$/i, '') || 'poem';
  return `${stem}.${kind}`;
}

const CONTACT_LOOKS_LIKE: Record<ContactKind, string> = { phone: 'a phone number', email: 'an email address', handle: 'a social media handle' };

/** Contact details the poem still holds once the poet's own are removed: the poet checks each one. */
export const contactWarnings = (judgeText: string): EntryPreviewWarning[] =>
  findContactDetails(judgeText).map(({ kind, line, text }) => ({
    code: 'contact',
    line,
    message: `Line ${line} has “${text}”, which looks like ${CONTACT_LOOKS_LIKE[kind]}. If it leads to you or to someone who knows you, remove it from your file: judges must not learn who wrote the poem.`,
  }));

export const anonymiserFor = (user: Author, contact: Contact, poem: ExtractedPoem): Anonymiser =>
  createAnonymiser({
    names: [contact.fullName, contact.nameInScript, user.name],
    wholeNames: poem.metadataNames,
    emails: [user.email],
    phones: [contact.phone, user.phone],
  });

/** 1-based numbers of the lines of the poem's text that could not be read exactly. */
function unreadableLineNumbers(poem: ExtractedPoem): number[] {
  if (!poem.unreadableLines.length) return [];
  const wanted = new Set(poem.unreadableLines);
  return poem.text.split('\n').flatMap((line, index) => (line.trim() !== '' && wanted.has(line) ? [index + 1] : []));
}

/** "3, 5 and 7" (at most 10 numbers, then "and more"). */
const listed = (numbers: number[]) =>
  numbers.length > 10 ? `${numbers.slice(0, 10).join(', ')} and more` : `${numbers.slice(0, -1).join(', ')} and ${numbers[numbers.length - 1]}`;

/** What judges will read, and what the poet should check before entering: one reading for preview and entry. */
export function judgeView(anonymiser: Anonymiser, poem: ExtractedPoem) {
  if (poem.asPages) return pagesView(anonymiser, { ...poem, asPages: poem.asPages });
  const judge = anonymiser.redact(poem.text);
  const warnings: EntryPreviewWarning[] = anonymiser.nameParts(judge.text).map(({ line, word }) => ({
    code: 'name-part',
    line,
    message: `Line ${line} has “${word}”, part of your name. If it refers to you, remove it from your file.`,
  }));
  warnings.push(...contactWarnings(judge.text));
  if (poem.images > 0) {
    warnings.push({
      code: 'images',
      message: `Your file has ${poem.images === 1 ? 'a picture' : `${poem.images} pictures`}. We cannot read pictures, so we cannot remove your name from them: if one shows your name, remove it from your file.`,
    });
  }
  const lines = unreadableLineNumbers(poem);
  if (lines.length > 0) {
    warnings.push({
      code: 'unreadable',
      line: lines[0],
      message: `${lines.length === 1 ? `Line ${lines[0]}` : `Lines ${listed(lines)}`} of your PDF could not be read exactly (the PDF does not spell out its letters there, or sets them in pieces we cannot put together), so judges might read them wrong. Check ${lines.length === 1 ? 'it' : 'them'} below, and check that your name is not in ${lines.length === 1 ? 'it' : 'them'}. If anything is wrong, upload your poem as a Word (.docx) file instead: we read those exactly.`,
    });
  } else if (poem.unreadable > 0) {
    warnings.push({
      code: 'unreadable',
      message:
        'Part of your file could not be read as text (an embedded object or chart, or letters the PDF does not spell out). Check that the text below is complete and that your name is not in the part we could not read.',
    });
  }
  return { text: judge.text, count: judge.count, hiddenCount: anonymiser.findWithParts(poem.hiddenText).length, warnings, areas: null };
}

/** POST /api/entries/preview's answer: the checks and the text judges will read. */
export async function previewOf(user: Author, contact: Contact, bytes: Buffer): Promise<EntryPreview> {
  const poem = await extractPoem(bytes);
  const judge = judgeView(anonymiserFor(user, contact, poem), poem);
  return {
    kind: poem.kind,
    text: judge.text,
    wordCount: countWords(judge.areas ? poem.text : judge.text),
    textSha256: sha256(judge.text),
    redactions: judge.count,
    hiddenRedactions: judge.hiddenCount,
    warnings: judge.warnings,
  };
}

/**
 * Everything an entry stores, from the poem's bytes: its kind and text (refusing bad files), the text and
 * title judges read, their blind copy of the file, and the checksums.
 */
export async function buildEntry(user: Author, draft: Draft, now: Date): Promise<Built> {
  const poem = await extractPoem(draft.bytes);
  const anonymiser = anonymiserFor(user, draft, poem);
  const judge = judgeView(anonymiser, poem);
  return {
    text: poem.text,
    judgeTextSha256: sha256(judge.text),
    signature: signature(poem.text),
    blobs: {
      poem: draft.bytes,
      // A poem shown as pages: judges open its pages, the author's areas redacted (a limit refuses the entry).
      judgeCopy: judge.areas ? await pagesCopy(draft.bytes, judge.areas) : await makeJudgeCopy(poem.kind, draft.bytes, poem.text, judge.text, anonymiser),
      photo: draft.photo,
    },
    data: {
      title: draft.title,
      language: draft.language,
      submittedAt: now.toISOString(),
      fileName: safeFileName(draft.fileName, poem.kind),
      fileType: poem.kind,
      fileSize: draft.bytes.length,
      fileSha256: draft.sha256 ?? sha256(draft.bytes),
      text: poem.text,
      judgeText: judge.text,
      judgeTitle: anonymiser.redact(draft.title).text,
      wordCount: countWords(judge.areas ? poem.text : judge.text),
      contactName: draft.fullName,
      contactNameInScript: draft.nameInScript ?? null,
      contactPhone: draft.phone,
      contactCountry: draft.country,
      declarations: { ...draft.declarations, acceptedAt: now.toISOString() },
      idempotencyKey: draft.idempotencyKey,
    },
  };
}
