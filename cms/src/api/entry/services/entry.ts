import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { factories, type Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import {
  countWords,
  ENTRY_PHOTO_MAX_BYTES,
  ENTRY_STATUSES,
  MAX_POEM_BYTES,
  MINIMUM_AGE,
  POEM_TYPES,
  type AdminEntries,
  type EntryAllowance,
  type EntryPreview,
  type EntryPreviewWarning,
  type EntryReceipt,
  type EntryStatus,
  type MyEntry,
  type OriginalityMatch,
  type PoemKind,
  withoutBidiControls,
} from '@writory/shared';
import { ApiError } from '../../../lib/api-error';
import { isUniqueViolation, lockRow } from '../../../lib/db';
import { createPrivateFiles, privateFilesRoot, removeListed, type OutgoingFile } from '../../../lib/private-files';
import { toContestInfo, type ContestRow } from '../../contest/services/contest';
import { noEntriesLeft } from './allowance';
import type { SimilarText } from '../../originality/services/originality';
import { normaliseImage, type IncomingFile } from '../../../lib/images';
import type { UserRow } from '../../user/services/user';
import { ageOn, UNDER_AGE_MESSAGE } from '../../user/validation/user';
import { createAnonymiser, type Anonymiser } from '../files/anonymise';
import { makeJudgeCopy, type JudgeCopy } from '../files/judge-copy';
import { extractPoem, poemErrors, type ExtractedPoem } from '../files/poem-file';
import { formatInZone, monthName, newEntryCode, receiptEmail } from '../lib/receipt';
import type { EntryFields } from '../validation/entry';

const ENTRY = 'api::entry.entry';
const USER = 'plugin::users-permissions.user';
const COUNT_TTL_MS = 10_000;
const ORPHAN_AGE_MS = 60 * 60_000;
const PHOTO_MAX_SIDE = 1024;
const FOLDERS = { poems: 'entries', photos: 'entry-photos' } as const;

/** An entries row as this service reads it. */
export interface EntryRow {
  id: number;
  code: string;
  title: string;
  language: string;
  status: EntryStatus;
  submittedAt: string;
  judgingStartedAt: string | null;
  scoredAt: string | null;
  resultsPublishedAt: string | null;
  fileKey: string;
  fileName: string;
  fileType: PoemKind;
  fileSize: number;
  fileSha256: string;
  judgeFileKey: string | null;
  text: string;
  judgeText: string;
  judgeTitle: string;
  wordCount: number;
  photoKey: string | null;
  contactName: string;
  contactPhone: string;
  contactCountry: string;
  originalityFlag: boolean | null;
  originalityMatches: OriginalityMatch[] | null;
  idempotencyKey: string;
  contest?: ContestRow | null;
  poet?: Pick<UserRow, 'id' | 'name' | 'email'> | null;
}

export interface EntryInput {
  key: string;
  fields: EntryFields;
  poem: IncomingFile & { originalFilename?: string | null };
  photo?: IncomingFile | null;
}

/** What an entry is made from, once its fields are parsed. */
export interface Draft {
  title: string;
  language: string;
  fullName: string;
  phone: string;
  country: string;
  declarations: Record<string, string>;
  fileName: string | null | undefined;
  bytes: Buffer;
  photo: Buffer | null;
  idempotencyKey: string;
}

type StoredData = Omit<
  EntryRow,
  'id' | 'code' | 'status' | 'fileKey' | 'judgeFileKey' | 'photoKey' | 'judgingStartedAt' | 'scoredAt' | 'resultsPublishedAt' | 'originalityFlag' | 'originalityMatches'
> & { declarations: Record<string, string> };

export interface Built {
  data: StoredData;
  blobs: { poem: Buffer; judgeCopy: JudgeCopy | null; photo: Buffer | null };
  text: string;
  judgeTextSha256: string;
}

export interface PreviewInput {
  fullName?: string;
  phone?: string;
  poem: IncomingFile;
}

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
const isPrivileged = (user: Pick<UserRow, 'role'>) => user.role?.type === 'admin';

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

function timelineOf(row: EntryRow) {
  const at: Record<EntryStatus, string | null> = {
    received: row.submittedAt,
    in_judging: row.judgingStartedAt,
    scored: row.scoredAt,
    published: row.resultsPublishedAt,
  };
  const reached = ENTRY_STATUSES.indexOf(row.status);
  return ENTRY_STATUSES.map((status, index) => ({ status, at: at[status] ? new Date(at[status]!).toISOString() : null, done: index <= reached }));
}

export default factories.createCoreService(ENTRY, ({ strapi }: { strapi: Core.Strapi }) => {
  const entries = () => strapi.db.query(ENTRY);
  const files = createPrivateFiles(privateFilesRoot(strapi.dirs.app.root));
  const contests = () => strapi.service('api::contest.contest');
  const allowance = () => strapi.service('api::entry.allowance');
  const originality = () => strapi.service('api::originality.originality');
  let countCache: { at: number; value: Promise<number> } | null = null;

  /** Why this user may not enter now (in words for them), or null. Identity checks first, then the window. */
  async function blockerOf(user: UserRow, contest: ContestRow | null, now: Date): Promise<EntryAllowance['blocker']> {
    if (user.role?.type !== 'authenticated') return { code: 'role', message: 'Judges, moderators and admins cannot enter the contest.' };
    if (user.emailVerified !== true) return { code: 'unverified', message: 'Please verify your email address first.' };
    if (!user.dateOfBirth) return { code: 'no-date-of-birth', message: `Add your date of birth on your profile: poets must be ${MINIMUM_AGE} or older.` };
    if (ageOn(String(user.dateOfBirth).slice(0, 10), now) < MINIMUM_AGE) return { code: 'under-age', message: UNDER_AGE_MESSAGE };
    if (!contest) {
      const { next, timeZone } = await contests().currentAndNext(now);
      const opens = next ? formatInZone(new Date(next.opensAt), timeZone) : null;
      return { code: 'closed', message: `Submissions are closed.${opens ? ` The next contest opens on ${opens}.` : ''}` };
    }
    return null;
  }

  /** The open contest for an eligible poet; otherwise a 403 that says why. */
  async function requireEligible(user: UserRow, now: Date): Promise<ContestRow> {
    const contest = await contests().openAt(now);
    const blocker = await blockerOf(user, contest, now);
    if (blocker) throw new ApiError(403, blocker.message, { reason: blocker.code }, blocker.code === 'closed' ? 'SubmissionsClosedError' : 'ForbiddenError');
    return contest!;
  }

  const anonymiserFor = (user: UserRow, contact: { fullName?: string; phone?: string }, poem: ExtractedPoem): Anonymiser =>
    createAnonymiser({ names: [contact.fullName, user.name], wholeNames: poem.metadataNames, emails: [user.email], phones: [contact.phone, user.phone] });

  /** What judges will read, and what the poet should check before entering: one reading for preview and entry. */
  function judgeView(anonymiser: Anonymiser, poem: ExtractedPoem) {
    const judge = anonymiser.redact(poem.text);
    const warnings: EntryPreviewWarning[] = anonymiser.nameParts(judge.text).map(({ line, word }) => ({
      code: 'name-part',
      line,
      message: `Line ${line} has “${word}”, part of your name. If it refers to you, remove it from your file.`,
    }));
    if (poem.images > 0) {
      warnings.push({
        code: 'images',
        message: `Your file has ${poem.images === 1 ? 'a picture' : `${poem.images} pictures`}. We cannot read pictures, so we cannot remove your name from them: if one shows your name, remove it from your file.`,
      });
    }
    if (poem.unreadable > 0) {
      warnings.push({
        code: 'unreadable',
        message:
          'Part of your file could not be read as text (an embedded object or chart, or letters the PDF does not spell out). Check that the text below is complete and that your name is not in the part we could not read.',
      });
    }
    return { text: judge.text, count: judge.count, hiddenCount: anonymiser.findWithParts(poem.hiddenText).length, warnings };
  }

  async function receiptOf(row: EntryRow): Promise<EntryReceipt> {
    const contest = row.contest ?? (await entries().findOne({ where: { id: row.id }, populate: ['contest'] })).contest;
    return { code: row.code, title: row.title, month: contest.month, submittedAt: new Date(row.submittedAt).toISOString(), resultsAt: new Date(contest.resultsAt).toISOString() };
  }

  async function sendReceipt(user: UserRow, row: EntryRow, contest: ContestRow): Promise<void> {
    if (!user.email) return;
    try {
      const mail = receiptEmail({
        poetName: row.contactName,
        code: row.code,
        title: row.title,
        month: contest.month,
        theme: contest.theme,
        submittedAt: new Date(row.submittedAt),
        resultsAt: new Date(contest.resultsAt),
        timeZone: await contests().timeZone(),
        siteUrl: siteUrl(),
      });
      await strapi.plugin('email').service('email').send({ to: user.email, ...mail });
    } catch (error) {
      strapi.log.error(`entry ${row.code}: the receipt email to user ${user.id} failed: ${(error as Error).message}`);
    }
  }

  /** Earlier entries and wall posts this text nearly repeats: a flag for judges, never a refusal. */
  async function checkOriginality(text: string): Promise<{ flag: boolean; matches: OriginalityMatch[] }> {
    const similar: SimilarText[] = await originality().findSimilar(text);
    const entryIds = similar.filter((match) => match.kind === 'entry').map((match) => match.refId);
    const codes = new Map<number, string>(
      entryIds.length ? (await entries().findMany({ where: { id: { $in: entryIds } }, select: ['id', 'code'] })).map((row: EntryRow) => [row.id, row.code]) : [],
    );
    const matches = similar.map((match) => ({
      kind: match.kind,
      similarity: Math.round(match.similarity * 100) / 100,
      code: match.kind === 'entry' ? (codes.get(match.refId) ?? null) : null,
    }));
    return { flag: matches.length > 0, matches };
  }

  async function findOwnEntry(user: UserRow, code: string): Promise<EntryRow> {
    const row: EntryRow | null = await entries().findOne({ where: { code }, populate: { poet: { select: ['id'] }, contest: true } });
    if (!row || (!isPrivileged(user) && row.poet?.id !== user.id)) throw new errors.NotFoundError('No entry of yours has this code.');
    return row;
  }

  /**
   * Everything an entry stores, from the poem's bytes: its kind and text (refusing bad files), the text and
   * title judges read, their blind copy of the file, and the checksums.
   */
  async function build(user: UserRow, draft: Draft, now: Date): Promise<Built> {
    const poem = await extractPoem(draft.bytes);
    const anonymiser = anonymiserFor(user, draft, poem);
    const judge = judgeView(anonymiser, poem);
    return {
      text: poem.text,
      judgeTextSha256: sha256(judge.text),
      blobs: { poem: draft.bytes, judgeCopy: await makeJudgeCopy(poem.kind, draft.bytes, poem.text, judge.text, anonymiser), photo: draft.photo },
      data: {
        title: draft.title,
        language: draft.language,
        submittedAt: now.toISOString(),
        fileName: safeFileName(draft.fileName, poem.kind),
        fileType: poem.kind,
        fileSize: draft.bytes.length,
        fileSha256: sha256(draft.bytes),
        text: poem.text,
        judgeText: judge.text,
        judgeTitle: anonymiser.redact(draft.title).text,
        wordCount: countWords(judge.text),
        contactName: draft.fullName,
        contactPhone: draft.phone,
        contactCountry: draft.country,
        declarations: { ...draft.declarations, acceptedAt: now.toISOString() },
        idempotencyKey: draft.idempotencyKey,
      },
    };
  }

  /**
   * Stores a built entry: its files in the private store, then its row, the allowance, its originality
   * fingerprint and the notification in one transaction; on any failure nothing is left behind (files included).
   * The demo seed stores its entries without notifying.
   */
  async function enter(user: UserRow, contest: ContestRow, built: Built, { notify = true } = {}): Promise<EntryRow> {
    const check = await checkOriginality(built.text);
    const written: string[] = [];
    const put = async (folder: string, bytes: Buffer, extension: string) => {
      const key = await files.put(folder, bytes, extension);
      written.push(key);
      return key;
    };
    let row: EntryRow;
    try {
      const { blobs, data } = built;
      const fileKey = await put(FOLDERS.poems, blobs.poem, data.fileType);
      const judgeFileKey = blobs.judgeCopy ? await put(FOLDERS.poems, blobs.judgeCopy.bytes, blobs.judgeCopy.kind) : null;
      const photoKey = blobs.photo ? await put(FOLDERS.photos, blobs.photo, 'webp') : null;
      let code = newEntryCode(contest.month);
      while (await entries().findOne({ where: { code }, select: ['id'] })) code = newEntryCode(contest.month);
      row = await strapi.db.transaction(async ({ trx }) => {
        // Two entries of one poet wait for each other here, so the allowance sees both.
        await lockRow(strapi, USER, user.id, trx);
        const created = await entries().create({
          data: {
            ...data,
            code,
            status: 'received',
            fileKey,
            judgeFileKey,
            photoKey,
            originalityFlag: check.flag,
            originalityMatches: check.matches,
            contest: contest.id,
            poet: user.id,
          },
          populate: ['contest'],
        });
        await allowance().consume(user, contest, created.id);
        await originality().register('entry', created.id, built.text);
        if (notify) {
          await strapi.service('api::notification.notification').notify(user.id, {
            title: 'Poem received',
            message: `“${data.title}” is entered in the ${monthName(contest.month)} contest. Your entry code is ${code}.`,
            link: '/profile#entries',
          });
        }
        return created;
      });
      written.length = 0;
    } finally {
      for (const key of written) await files.remove(key);
    }
    countCache = null;
    return row;
  }

  return {
    privateFiles: () => files,
    build,
    enter,
    requireEligible,

    /** GET /api/entries/allowance */
    async allowanceFor(user: UserRow, now: Date = new Date()): Promise<EntryAllowance> {
      const contest = await contests().openAt(now);
      let blocker = await blockerOf(user, contest, now);
      if (!contest) return { contest: null, limit: 0, used: 0, remaining: 0, free: 0, freeLeft: 0, credits: 0, blocker };
      const { canBuy, ...counts } = await allowance().entryAllowance(user, contest);
      if (!blocker && counts.remaining <= 0) {
        const refusal = noEntriesLeft({ ...counts, canBuy }, contest.month);
        blocker = { code: canBuy ? 'no-credits' : 'limit', message: refusal.message };
      }
      return { contest: toContestInfo(contest), ...counts, blocker };
    },

    /** POST /api/entries/preview: the checks and the text judges will read; stores nothing. */
    async preview(user: UserRow, input: PreviewInput, now: Date = new Date()): Promise<EntryPreview> {
      await requireEligible(user, now);
      if (input.poem.size > MAX_POEM_BYTES) throw poemErrors.tooLarge();
      const poem = await extractPoem(await readFile(input.poem.filepath));
      const judge = judgeView(anonymiserFor(user, input, poem), poem);
      return {
        kind: poem.kind,
        text: judge.text,
        wordCount: countWords(judge.text),
        textSha256: sha256(judge.text),
        redactions: judge.count,
        hiddenRedactions: judge.hiddenCount,
        warnings: judge.warnings,
      };
    },

    /**
     * POST /api/entries: checks everything, stores the entry in one go, notifies and emails the receipt.
     * The same Idempotency-Key again gives the first entry back (created: false) instead of a second one.
     */
    async create(user: UserRow, input: EntryInput, now: Date = new Date()): Promise<{ receipt: EntryReceipt; created: boolean }> {
      const contest = await requireEligible(user, now);
      const idempotencyKey = `${user.id}:${input.key}`;
      const replay = async () => {
        const first: EntryRow | null = await entries().findOne({ where: { idempotencyKey }, populate: ['contest'] });
        if (!first) return null;
        const bytes = await readFile(input.poem.filepath);
        if (first.fileSha256 !== sha256(bytes) || first.title !== input.fields.title) {
          throw new ApiError(409, 'This Idempotency-Key was already used for a different entry. Use a new key for a new entry.', { reason: 'idempotency-key-reused' }, 'ConflictError');
        }
        return { receipt: await receiptOf(first), created: false };
      };
      const earlier = await replay();
      if (earlier) return earlier;

      await allowance().assertAvailable(user, contest);
      if (input.poem.size > MAX_POEM_BYTES) throw poemErrors.tooLarge();
      const photo = input.photo
        ? (await normaliseImage(input.photo, { label: 'The author photo', maxBytes: ENTRY_PHOTO_MAX_BYTES, maxWidth: PHOTO_MAX_SIDE, maxHeight: PHOTO_MAX_SIDE })).data
        : null;
      const { fields } = input;
      const draft = await build(
        user,
        { ...fields, fileName: input.poem.originalFilename, bytes: await readFile(input.poem.filepath), photo, idempotencyKey },
        now,
      );
      if (draft.judgeTextSha256 !== fields.confirmedTextSha256) {
        throw new ApiError(409, 'The text of this file is not the one you confirmed. Check the text again, then confirm.', { reason: 'text-changed' }, 'ConflictError');
      }
      let row: EntryRow;
      try {
        row = await enter(user, contest, draft);
      } catch (error) {
        // The same request twice at once: the unique key let the other one in; answer with its entry.
        if (isUniqueViolation(error)) {
          const winner = await replay();
          if (winner) return winner;
        }
        throw error;
      }
      await sendReceipt(user, row, contest);
      return { receipt: await receiptOf(row), created: true };
    },

    /** GET /api/entries/mine: the poet's entries, newest first, with their status timeline (never a score). */
    async mine(user: UserRow): Promise<MyEntry[]> {
      const rows: EntryRow[] = await entries().findMany({
        where: { poet: { id: user.id } },
        orderBy: { submittedAt: 'desc' },
        select: ['code', 'title', 'language', 'status', 'submittedAt', 'judgingStartedAt', 'scoredAt', 'resultsPublishedAt', 'fileName', 'photoKey'],
        populate: { contest: { select: ['month', 'theme', 'resultsAt'] } },
      });
      return rows.map((row) => ({
        code: row.code,
        title: row.title,
        language: row.language,
        month: row.contest?.month ?? '',
        theme: row.contest?.theme ?? null,
        status: row.status,
        submittedAt: new Date(row.submittedAt).toISOString(),
        resultsAt: row.contest ? new Date(row.contest.resultsAt).toISOString() : null,
        fileName: row.fileName,
        hasPhoto: Boolean(row.photoKey),
        timeline: timelineOf(row),
      }));
    },

    /** User ids of poets with at least one entry in the contest of this month ("YYYY-MM"). */
    async entrantIds(month: string): Promise<number[]> {
      const rows: EntryRow[] = await entries().findMany({ where: { contest: { month } }, select: ['id'], populate: { poet: { select: ['id'] } } });
      return [...new Set(rows.map((row) => row.poet?.id).filter((id): id is number => typeof id === 'number'))];
    },

    /** GET /api/submission-count: every entry ever made; cached in memory for 10 s. */
    async submissionCount(): Promise<number> {
      if (!countCache || Date.now() - countCache.at > COUNT_TTL_MS) {
        const value = entries().count();
        countCache = { at: Date.now(), value };
        value.catch(() => (countCache = null));
      }
      return countCache.value;
    },

    /** The poet's own file (or any, for admins). */
    async originalFile(user: UserRow, code: string): Promise<OutgoingFile> {
      const row = await findOwnEntry(user, code);
      return { key: row.fileKey, name: row.fileName, type: POEM_TYPES[row.fileType] };
    },

    /** The author photo: the poet's own, or any for admins; never judges. */
    async photoFile(user: UserRow, code: string): Promise<OutgoingFile> {
      const row = await findOwnEntry(user, code);
      if (!row.photoKey) throw new errors.NotFoundError('This entry has no author photo.');
      return { key: row.photoKey, name: `${row.code}-photo.webp`, type: 'image/webp' };
    },

    /** The blind copy judges may open, named by the entry code only. */
    async judgeFile(code: string): Promise<OutgoingFile> {
      const row: EntryRow | null = await entries().findOne({ where: { code }, select: ['code', 'fileType', 'judgeFileKey'] });
      if (!row) throw new errors.NotFoundError('No entry has this code.');
      if (!row.judgeFileKey) {
        throw new ApiError(404, 'This file would show who wrote the poem, so judges read the text only.', { reason: 'withheld' }, 'NotFoundError');
      }
      // A PDF naming its author in its text has a plain .docx copy: the stored key's extension says which.
      const kind: PoemKind = row.judgeFileKey.endsWith('.docx') ? 'docx' : 'pdf';
      return { key: row.judgeFileKey, name: `${row.code}.${kind}`, type: POEM_TYPES[kind] };
    },

    /** GET /api/admin/entries?month=: every entry of a contest, with its poet and scores. */
    async adminRows(month?: string): Promise<AdminEntries> {
      const scores = strapi.service('api::score.score');
      const { months, contest } = await scores.contestFor(month);
      const settings = await strapi.service('api::site-setting.site-setting').contestSettings();
      if (!contest) return { month: null, months, normaliseScores: settings.normaliseScores, judgesPerEntry: settings.judgesPerEntry, rows: [] };
      const rows: EntryRow[] = await entries().findMany({
        where: { contest: { id: contest.id } },
        orderBy: { submittedAt: 'asc' },
        // Not the texts: a month may hold thousands of entries.
        select: ['id', 'code', 'title', 'contactName', 'contactPhone', 'contactCountry', 'language', 'status', 'submittedAt', 'wordCount', 'originalityFlag', 'photoKey'],
        populate: { poet: { select: ['id', 'name', 'email'] } },
      });
      const summary = await scores.summaries(contest);
      return {
        month: contest.month,
        months,
        normaliseScores: summary.normalised,
        judgesPerEntry: settings.judgesPerEntry,
        rows: rows.map((row) => {
          const result = summary.byEntry.get(row.id);
          return {
            code: row.code,
            title: row.title,
            poetName: row.poet?.name ?? null,
            poetEmail: row.poet?.email ?? null,
            contactName: row.contactName,
            contactPhone: row.contactPhone,
            country: row.contactCountry,
            language: row.language,
            status: row.status,
            submittedAt: new Date(row.submittedAt).toISOString(),
            wordCount: row.wordCount,
            originalityFlag: row.originalityFlag ?? null,
            judges: result?.totals.length ?? 0,
            totals: result?.totals ?? [],
            meanTotal: result?.meanTotal ?? null,
            normalisedScore: result?.normalisedScore ?? null,
            score: result?.score ?? null,
            hasPhoto: Boolean(row.photoKey),
          };
        }),
      };
    },

    /** Entries of closed contests still "received" move to judging (idempotent; every instance may run it). */
    async startJudging(contestIds: number[], now: Date = new Date()): Promise<number> {
      if (!contestIds.length) return 0;
      const waiting: EntryRow[] = await entries().findMany({ where: { contest: { id: { $in: contestIds } }, status: 'received' }, select: ['id'] });
      if (!waiting.length) return 0;
      const { count } = await entries().updateMany({ where: { id: { $in: waiting.map((row) => row.id) }, status: 'received' }, data: { status: 'in_judging', judgingStartedAt: now } });
      return count;
    },

    /**
     * Deletes private files no entry points at (left by a crash between writing a file and its row, or by an
     * entry deleted in the admin panel), once they are an hour old, and scores whose entry is gone.
     */
    async sweepOrphans(now: Date = new Date()): Promise<number> {
      const before = new Date(now.getTime() - ORPHAN_AGE_MS);
      let removed = 0;
      for (const folder of Object.values(FOLDERS)) {
        const listed = await files.listOlderThan(folder, before);
        for (let i = 0; i < listed.length; i += 200) {
          const batch = listed.slice(i, i + 200);
          const keys = batch.filter((key) => !key.endsWith('.partial'));
          const used: EntryRow[] = keys.length
            ? await entries().findMany({ where: { $or: [{ fileKey: { $in: keys } }, { judgeFileKey: { $in: keys } }, { photoKey: { $in: keys } }] }, select: ['fileKey', 'judgeFileKey', 'photoKey'] })
            : [];
          const kept = new Set(used.flatMap((row) => [row.fileKey, row.judgeFileKey, row.photoKey]));
          for (const key of batch.filter((key) => !kept.has(key))) {
            await removeListed(files, key);
            removed += 1;
          }
        }
      }
      await strapi.service('api::score.score').removeOrphans();
      return removed;
    },
  };
});

/** The site's origin for links in emails: SITE_URL, else the first CORS origin. */
function siteUrl(): string {
  const explicit = process.env.SITE_URL;
  const firstOrigin = (process.env.CORS_ORIGINS ?? '').split(',')[0]?.trim();
  return (explicit || firstOrigin || 'http://localhost:4321').replace(/\/$/, '');
}

