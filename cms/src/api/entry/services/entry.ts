import { readFile } from 'node:fs/promises';
import type { Core } from '@strapi/strapi';
import { getService } from '../../../services';
import {
  DEFAULT_COMPETITION,
  ENTRY_PHOTO_MAX_BYTES,
  ENTRY_STATUSES,
  MAX_POEM_BYTES,
  MINIMUM_AGE,
  type EntryAllowance,
  type EntryPreview,
  type EntryReceipt,
  type EntryStatus,
  type MyEntry,
  type OriginalityMatch,
} from '@writory/shared';
import { ApiError } from '../../../lib/api-error';
import { msg, say } from '../../../lib/messages';
import { competitionTitleMessage } from '../../../lib/messages/labels';
import { idsLinkedTo, isUniqueViolation } from '../../../lib/db';
import { toContestInfo, type ContestRow } from '../../contest/repository';
import { refOf, type CompetitionRow } from '../../competition/repository';
import { requireLanguageTaken, requireWithinWords } from '../lib/competition-rules';
import { noEntriesLeft } from './allowance';
import type { SimilarText } from '../../originality/types';
import { normaliseImage, type IncomingFile } from '../../../lib/images';
import { userRepository, type UserRow } from '../../user/repository';
import { ENTRY, type EntryRow } from '../repository';
import { ageOn } from '../../user/validation/user';
import { buildEntry, sha256, type Built } from '../reading/judge-view';
import { poemErrors } from '../reading/poem-file';
import { formatInZone, newEntryCode, receiptEmail } from '../lib/receipt';
import type { EntryFields } from '../validation/entry';
import { siteUrl } from '../../../lib/site-url';

// The poet's path: who may enter now, the allowance, the preview, the entry itself and the poet's own list.
// The entry's files live in `api::entry.storage`; the admins' table in `api::entry.admin-table`; what the
// contest calendar does to entries in `api::entry.calendar`.

const PHOTO_MAX_SIDE = 1024;

export type { EntryRow };

export interface EntryInput {
  key: string;
  fields: EntryFields;
  /** `hash`: the file's SHA-256 (hex), taken by the body parser while the upload arrived. */
  poem: IncomingFile & { originalFilename?: string | null; hash?: string | null };
  photo?: IncomingFile | null;
}

export interface PreviewInput {
  /** The language the poet chose, when the form sends it: checked against the competition's before reading. */
  language?: string;
  fullName?: string;
  nameInScript?: string;
  phone?: string;
  poem: IncomingFile;
}

/** A poet cleared to enter the open contest, at the moment `requireEligible` checked: the one eligibility check of a preview or an entry. */
export interface Entrant {
  user: UserRow;
  /** The competition entered (poetry unless the request names another) and its open contest. */
  competition: CompetitionRow;
  contest: ContestRow;
  at: Date;
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

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const entries = () => strapi.db.query(ENTRY);
  const contests = () => getService(strapi, 'api::contest.contest');
  const allowance = () => getService(strapi, 'api::entry.allowance');
  const entryStorage = () => getService(strapi, 'api::entry.storage');
  const originality = () => getService(strapi, 'api::originality.originality');
  const workerPool = () => getService(strapi, 'api::entry.worker-pool');

  /** Why this user may not enter now (in words for them), or null. Identity checks first, then the window. */
  async function blockerOf(
    user: UserRow,
    contest: ContestRow | null,
    now: Date,
    competition: string = DEFAULT_COMPETITION,
  ): Promise<EntryAllowance['blocker']> {
    if (user.role?.type !== 'authenticated') return { code: 'role', message: say('entry.roleCannotEnter') };
    if (user.emailVerified !== true) return { code: 'unverified', message: say('auth.verifyEmailFirst') };
    if (!user.dateOfBirth) return { code: 'no-date-of-birth', message: say(msg('entry.noDateOfBirth', { age: MINIMUM_AGE })) };
    if (ageOn(String(user.dateOfBirth).slice(0, 10), now) < MINIMUM_AGE)
      return { code: 'under-age', message: say(msg('entry.underAge', { age: MINIMUM_AGE })) };
    if (!contest) {
      const { next, timeZone } = await contests().currentAndNext(now, competition);
      const opens = next ? formatInZone(new Date(next.opensAt), timeZone) : null;
      return { code: 'closed', message: say(opens ? msg('entry.closedUntil', { opens }) : msg('entry.closed')) };
    }
    return null;
  }

  async function receiptOf(row: EntryRow): Promise<EntryReceipt> {
    const contest: ContestRow = row.contest ?? (await entries().findOne({ where: { id: row.id }, populate: ['contest'] })).contest;
    const competition = await getService(strapi, 'api::competition.competition').require(contest.competitionSlug ?? DEFAULT_COMPETITION);
    return {
      code: row.code,
      competition: refOf(competition),
      title: row.title,
      month: contest.month,
      submittedAt: new Date(row.submittedAt).toISOString(),
      resultsAt: new Date(contest.resultsAt).toISOString(),
    };
  }

  async function sendReceipt(user: UserRow, row: EntryRow, contest: ContestRow, competition: CompetitionRow): Promise<void> {
    if (!user.email) return;
    try {
      const mail = receiptEmail({
        poetName: row.contactName,
        competitionName: competition.name,
        kind: competition.kind === 'story' ? 'story' : 'poem',
        code: row.code,
        title: row.title,
        month: contest.month,
        theme: contest.theme,
        submittedAt: new Date(row.submittedAt),
        resultsAt: new Date(contest.resultsAt),
        timeZone: await contests().timeZone(),
        siteUrl: siteUrl(),
      });
      await strapi
        .plugin('email')
        .service('email')
        .send({ to: user.email, ...mail });
    } catch (error) {
      strapi.log.error(`entry ${row.code}: the receipt email to user ${user.id} failed: ${(error as Error).message}`);
    }
  }

  /** Earlier entries and wall posts this text nearly repeats: a flag for judges, never a refusal. */
  async function checkOriginality(text: string, signature: number[] | null): Promise<{ flag: boolean; matches: OriginalityMatch[] }> {
    const similar: SimilarText[] = await originality().findSimilar(text, { signature });
    const entryIds = similar.filter((match) => match.kind === 'entry').map((match) => match.refId);
    const codes = new Map<number, string>(
      entryIds.length
        ? (await entries().findMany({ where: { id: { $in: entryIds } }, select: ['id', 'code'] })).map((row: EntryRow) => [row.id, row.code])
        : [],
    );
    const matches = similar.map((match) => ({
      kind: match.kind,
      similarity: Math.round(match.similarity * 100) / 100,
      code: match.kind === 'entry' ? (codes.get(match.refId) ?? null) : null,
    }));
    return { flag: matches.length > 0, matches };
  }

  /**
   * Stores a built entry: its files in the private store, then its row, the allowance, its originality
   * fingerprint and the notification in one transaction; on any failure nothing is left behind (files included).
   * The demo seed stores its entries without notifying.
   */
  async function enter(user: UserRow, contest: ContestRow, built: Built, { notify = true } = {}): Promise<EntryRow> {
    const competition = await getService(strapi, 'api::competition.competition').require(contest.competitionSlug ?? DEFAULT_COMPETITION);
    const check = await checkOriginality(built.text, built.signature);
    const { data } = built;
    const keys = await entryStorage().store(built.blobs, data.fileType);
    let row: EntryRow;
    try {
      let code = newEntryCode(contest.month);
      while (await entries().findOne({ where: { code }, select: ['id'] })) code = newEntryCode(contest.month);
      row = await strapi.db.transaction(async ({ trx }) => {
        // Two entries of one poet wait for each other here, so the allowance sees both.
        await userRepository(strapi).lock(user.id, trx);
        const created = await entries().create({
          data: {
            ...data,
            code,
            status: 'received',
            ...keys,
            originalityFlag: check.flag,
            originalityMatches: check.matches,
            contest: contest.id,
            poet: user.id,
          },
          populate: ['contest'],
        });
        await allowance().consume(user, contest, created.id);
        await originality().register('entry', created.id, built.text, built.signature);
        if (notify) {
          await getService(strapi, 'api::notification.notification').notify(user.id, {
            // Said in the poet's language when stored (catalogue messages).
            title: msg(competition.kind === 'story' ? 'notice.storyReceivedTitle' : 'notice.poemReceivedTitle'),
            message: msg('notice.received', { title: data.title, competition: competitionTitleMessage(competition.name), month: contest.month, code }),
            link: '/profile#entries',
          });
        }
        return created;
      });
    } catch (error) {
      await entryStorage().remove(keys);
      throw error;
    }
    return row;
  }

  return {
    build: buildEntry,
    enter,

    /** The open contest for an eligible poet; otherwise a 403 that says why. Checked once per preview or entry. */
    async requireEligible(user: UserRow, now: Date = new Date(), competitionSlug: string = DEFAULT_COMPETITION): Promise<Entrant> {
      const competition = await getService(strapi, 'api::competition.competition').require(competitionSlug);
      const contest = competition.active ? await contests().openAt(now, competition.slug) : null;
      const blocker = await blockerOf(user, contest, now, competition.slug);
      if (blocker) throw new ApiError(403, blocker.message, { reason: blocker.code }, blocker.code === 'closed' ? 'SubmissionsClosedError' : 'ForbiddenError');
      return { user, competition, contest: contest!, at: now };
    },

    /** GET /api/entries/allowance?competition= */
    async allowanceFor(user: UserRow, now: Date = new Date(), competitionSlug: string = DEFAULT_COMPETITION): Promise<EntryAllowance> {
      const owner = await getService(strapi, 'api::competition.competition').require(competitionSlug);
      const competition = refOf(owner);
      const contest = owner.active ? await contests().openAt(now, owner.slug) : null;
      let blocker = await blockerOf(user, contest, now, owner.slug);
      if (!contest) return { competition, contest: null, limit: 0, used: 0, remaining: 0, free: 0, freeLeft: 0, credits: 0, blocker };
      const { canBuy, ...counts } = await allowance().entryAllowance(user, contest);
      if (!blocker && counts.remaining <= 0) {
        const refusal = noEntriesLeft({ ...counts, canBuy }, contest.month, { slug: owner.slug, name: owner.name, kind: owner.kind });
        blocker = { code: canBuy ? 'no-credits' : 'limit', message: refusal.message };
      }
      return { competition, contest: toContestInfo(contest), ...counts, blocker };
    },

    /** POST /api/entries/preview: the checks and the text judges will read (read in the worker pool); stores nothing. */
    async preview({ user, competition }: Entrant, input: PreviewInput): Promise<EntryPreview> {
      if (input.language !== undefined) requireLanguageTaken(competition, input.language);
      if (input.poem.size > MAX_POEM_BYTES) throw poemErrors.tooLarge();
      const preview = await workerPool().run(
        {
          kind: 'preview',
          filepath: input.poem.filepath,
          author: authorOf(user),
          contact: { fullName: input.fullName, nameInScript: input.nameInScript, phone: input.phone },
        },
        { account: user.id },
      );
      requireWithinWords(competition, preview.wordCount);
      return preview;
    },

    /**
     * POST /api/entries: checks everything, stores the entry in one go, notifies and emails the receipt.
     * The same Idempotency-Key again gives the first entry back (created: false) instead of a second one.
     */
    async create({ user, competition, contest, at: now }: Entrant, input: EntryInput): Promise<{ receipt: EntryReceipt; created: boolean }> {
      const idempotencyKey = `${user.id}:${input.key}`;
      const replay = async () => {
        const first: EntryRow | null = await entries().findOne({ where: { idempotencyKey }, populate: ['contest'] });
        if (!first) return null;
        const fileSha256 = input.poem.hash ?? sha256(await readFile(input.poem.filepath));
        if (first.fileSha256 !== fileSha256 || first.title !== input.fields.title) {
          throw new ApiError(409, msg('entry.idempotencyKeyReused'), { reason: 'idempotency-key-reused' }, 'ConflictError');
        }
        return { receipt: await receiptOf(first), created: false };
      };
      const earlier = await replay();
      if (earlier) return earlier;

      requireLanguageTaken(competition, input.fields.language);
      await allowance().assertAvailable(user, contest);
      if (input.poem.size > MAX_POEM_BYTES) throw poemErrors.tooLarge();
      const photo = input.photo
        ? (
            await normaliseImage(input.photo, {
              label: msg('image.authorPhoto'),
              maxBytes: ENTRY_PHOTO_MAX_BYTES,
              maxWidth: PHOTO_MAX_SIDE,
              maxHeight: PHOTO_MAX_SIDE,
            })
          ).data
        : null;
      const { fields } = input;
      const { title, language, fullName, nameInScript, phone, country, declarations } = fields;
      const { judgeCopy, ...read } = await workerPool().run(
        {
          kind: 'entry',
          filepath: input.poem.filepath,
          author: authorOf(user),
          draft: {
            title,
            language,
            fullName,
            nameInScript,
            phone,
            country,
            declarations,
            fileName: input.poem.originalFilename,
            idempotencyKey,
            sha256: input.poem.hash,
          },
          now,
        },
        { account: user.id },
      );
      // The poem is stored from the upload on disk (the worker read it once; its bytes never come back here).
      const draft: Built = {
        ...read,
        blobs: { poem: { filepath: input.poem.filepath }, judgeCopy: judgeCopy && { ...judgeCopy, bytes: asBuffer(judgeCopy.bytes) }, photo },
      };
      requireWithinWords(competition, draft.data.wordCount);
      if (draft.judgeTextSha256 !== fields.confirmedTextSha256) {
        throw new ApiError(409, msg('entry.textChanged'), { reason: 'text-changed' }, 'ConflictError');
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
      await sendReceipt(user, row, contest, competition);
      return { receipt: await receiptOf(row), created: true };
    },

    /** GET /api/entries/mine: the poet's entries, newest first, with their status timeline (never a score). */
    async mine(user: UserRow): Promise<MyEntry[]> {
      const rows: EntryRow[] = await entries().findMany({
        where: { id: { $in: idsLinkedTo(strapi, ENTRY, 'poet', user.id) } },
        orderBy: { submittedAt: 'desc' },
        select: ['code', 'title', 'language', 'status', 'submittedAt', 'judgingStartedAt', 'scoredAt', 'resultsPublishedAt', 'fileName', 'photoKey'],
        populate: { contest: { select: ['month', 'theme', 'resultsAt', 'competitionSlug'] } },
      });
      const refs = await getService(strapi, 'api::competition.competition').refs([
        ...new Set(rows.map((row) => row.contest?.competitionSlug ?? DEFAULT_COMPETITION)),
      ]);
      return rows.map((row) => ({
        code: row.code,
        competition: refs.get(row.contest?.competitionSlug ?? DEFAULT_COMPETITION) ?? { slug: DEFAULT_COMPETITION, name: 'Poetry' },
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

    /**
     * GET /api/submission-count: every entry ever made. The public cache (config/public-cache.ts) keeps the answer
     * for 10 s and drops it on every instance when an entry is written.
     */
    async submissionCount(): Promise<number> {
      return entries().count();
    },
  };
};

const authorOf = ({ name, email, phone }: UserRow) => ({ name, email, phone });

/** Bytes back from a worker thread arrive as a plain Uint8Array: the same memory as a Buffer. */
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
