// Drafts (issue 40): a contest entry's details and file saved before entering. Private to the poet, stored like
// entries (the file in the private store), counted against nothing: no free entry or credit is used until the
// poet enters the draft, when every entry rule runs (window, limits, credits, file checks) exactly as for an entry
// sent from the form. Drafts not saved for a year are deleted, their poet told 30 days before.
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import {
  DRAFT_KEEP_DAYS,
  DRAFT_NOTICE_DAYS,
  DRAFTS_MAX,
  entryFormFields,
  MAX_POEM_BYTES,
  type DraftFields,
  type EntryDraft,
  type EntryReceipt,
} from '@writory/shared';
import { ApiError, parseInput } from '../../../lib/api-error';
import type { IncomingFile } from '../../../lib/images';
import { siteUrl } from '../../../lib/site-url';
import { getService } from '../../../services';
import { userRepository, type UserRow } from '../../user/repository';
import { requireLanguageTaken, requireWithinWords } from '../lib/competition-rules';
import { poemErrors } from '../reading/poem-file';
import { DRAFT, DRAFT_FOLDER, type DraftRow } from '../repository';
import type { EntryFields } from '../validation/entry';
import { msg, say, type Message, isLocale } from '../../../lib/messages';

const DAY_MS = 86_400_000;
const expiresAt = (row: Pick<DraftRow, 'savedAt'>) => new Date(new Date(row.savedAt).getTime() + DRAFT_KEEP_DAYS * DAY_MS);

/** The poet-facing messages of drafts, one per case (a translated catalogue can replace them). */
export const DRAFT_MESSAGES = {
  notFound: msg('draft.notFound'),
  tooMany: msg('draft.tooMany', { max: DRAFTS_MAX }),
  unfinished: (problem: string) => msg('draft.unfinished', { problem }),
  noticeTitle: msg('notice.draftSoonTitle'),
  notice: (title: string, on: Date) => msg('notice.draftSoon', { title, on: on.toISOString() }),
  deletedTitle: msg('notice.draftDeletedTitle'),
  deleted: (title: string) => msg('notice.draftDeleted', { title }),
} as const;

const untitled = (row: Pick<DraftRow, 'title' | 'fileName'>) => row.title || row.fileName;

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const drafts = () => strapi.db.query(DRAFT);
  const files = () => getService(strapi, 'api::entry.storage').privateFiles();
  const competitions = () => getService(strapi, 'api::competition.competition');

  async function own(user: UserRow, id: number): Promise<DraftRow> {
    const row: DraftRow | null = await drafts().findOne({ where: { id, userId: user.id } });
    if (!row) throw new errors.NotFoundError(say(DRAFT_MESSAGES.notFound));
    return row;
  }

  async function toDrafts(rows: DraftRow[]): Promise<EntryDraft[]> {
    const refs = await competitions().refs([...new Set(rows.map((row) => row.competitionSlug))]);
    return rows.map((row) => ({
      id: row.id,
      competition: refs.get(row.competitionSlug) ?? { slug: row.competitionSlug, name: row.competitionSlug },
      title: row.title ?? null,
      language: row.language ?? null,
      fullName: row.fullName ?? null,
      nameInScript: row.nameInScript ?? null,
      phone: row.phone ?? null,
      country: row.country ?? null,
      fileName: row.fileName,
      fileType: row.fileType,
      wordCount: row.wordCount,
      savedAt: new Date(row.savedAt).toISOString(),
      expiresAt: expiresAt(row).toISOString(),
    }));
  }

  /** The draft's file, copied out of the private store to a temporary file the entry path reads as an upload. */
  async function withFileOnDisk<T>(row: DraftRow, use: (filepath: string) => Promise<T>): Promise<T> {
    const stream = await files().open(row.fileKey);
    if (!stream) throw new ApiError(410, msg('draft.fileGone'), {}, 'GoneError');
    const dir = await mkdtemp(path.join(tmpdir(), 'writory-draft-'));
    try {
      const filepath = path.join(dir, `draft.${row.fileType}`);
      await pipeline(stream, createWriteStream(filepath));
      return await use(filepath);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** Tells the poet (bell and email) about one of their drafts; a mail failure is logged, never thrown. */
  async function tell(userId: number, title: Message, message: Message): Promise<void> {
    await getService(strapi, 'api::notification.notification').notify(userId, { title, message, link: '/submit#drafts' });
    const user = await userRepository(strapi).byId(userId, ['email', 'name', 'preferredLocale']);
    if (!user?.email) return;
    // The email in the poet's profile language, as the bell's notice.
    const locale = isLocale(user.preferredLocale) ? user.preferredLocale : 'en';
    try {
      const dear = say(msg('mail.dear', { name: user.name ?? msg('receipt.poet') }), locale);
      const text = [dear, '', say(message, locale), '', say(msg('mail.yourDrafts', { url: `${siteUrl()}/submit#drafts` }), locale), '', 'Writory'].join('\n');
      await strapi
        .plugin('email')
        .service('email')
        .send({ to: user.email, subject: `Writory: ${say(title, locale).toLocaleLowerCase(locale)}`, text });
    } catch (error) {
      strapi.log.warn(`draft notice to user ${userId} failed: ${(error as Error).message}`);
    }
  }

  return {
    /** GET /api/entries/drafts: the poet's drafts, the last saved first. */
    async mine(user: UserRow): Promise<EntryDraft[]> {
      return toDrafts(await drafts().findMany({ where: { userId: user.id }, orderBy: [{ savedAt: 'desc' }, { id: 'desc' }] }));
    },

    /**
     * POST /api/entries/drafts: checks the file as the entry's text check does (readable, within the competition's
     * word limit) and the fields given, stores the file privately and the draft. No window, allowance or credit is
     * looked at: a draft uses none.
     */
    async save(user: UserRow, fields: DraftFields, poem: IncomingFile & { originalFilename?: string | null }): Promise<EntryDraft> {
      const competition = await competitions().require(fields.competition);
      if (fields.language !== undefined) requireLanguageTaken(competition, fields.language);
      if ((await drafts().count({ where: { userId: user.id } })) >= DRAFTS_MAX) throw new ApiError(422, DRAFT_MESSAGES.tooMany, {}, 'ValidationError');
      if (poem.size > MAX_POEM_BYTES) throw poemErrors.tooLarge();
      const preview = await getService(strapi, 'api::entry.worker-pool').run(
        {
          kind: 'preview',
          filepath: poem.filepath,
          author: { name: user.name, email: user.email, phone: user.phone },
          contact: { fullName: fields.fullName, nameInScript: fields.nameInScript, phone: fields.phone },
        },
        { account: user.id },
      );
      requireWithinWords(competition, preview.wordCount);
      const fileKey = await files().put(DRAFT_FOLDER, await readFile(poem.filepath), preview.kind);
      try {
        const row: DraftRow = await drafts().create({
          data: {
            userId: user.id,
            competitionSlug: competition.slug,
            title: fields.title ?? null,
            language: fields.language ?? null,
            fullName: fields.fullName ?? null,
            nameInScript: fields.nameInScript ?? null,
            phone: fields.phone ?? null,
            country: fields.country ?? null,
            fileKey,
            fileName: (poem.originalFilename || `poem.${preview.kind}`).slice(0, 255),
            fileType: preview.kind,
            fileSize: poem.size,
            wordCount: preview.wordCount,
            textSha256: preview.textSha256,
            savedAt: new Date(),
          },
        });
        return (await toDrafts([row]))[0]!;
      } catch (error) {
        await files().remove(fileKey);
        throw error;
      }
    },

    /** DELETE /api/entries/drafts/:id: the draft and its file. */
    async remove(user: UserRow, id: number): Promise<void> {
      const row = await own(user, id);
      await drafts().delete({ where: { id: row.id } });
      await files().remove(row.fileKey);
    },

    /**
     * POST /api/entries/drafts/:id/enter: enters the draft as the entry form would (the same service, so the same
     * rules: the competition's open window, the poet's free entries and credits, the file and word checks, the
     * text the poet saw). On success the draft is gone; on any refusal it stays as it was.
     */
    async enter(user: UserRow, id: number, declarations: EntryFields['declarations'], now: Date = new Date()): Promise<EntryReceipt> {
      const row = await own(user, id);
      const entries = getService(strapi, 'api::entry.entry');
      const entrant = await entries.requireEligible(user, now, row.competitionSlug);
      let form: ReturnType<typeof entryFormFields.parse>;
      try {
        form = parseInput(entryFormFields, {
          title: row.title ?? undefined,
          language: row.language ?? undefined,
          fullName: row.fullName ?? undefined,
          phone: row.phone ?? undefined,
          country: row.country ?? undefined,
          nameInScript: row.nameInScript ?? undefined,
        });
      } catch (error) {
        const refusal = error as ApiError;
        const problem = (refusal.details as { errors?: { message: string }[] } | undefined)?.errors?.[0]?.message ?? refusal.message;
        throw new ApiError(422, DRAFT_MESSAGES.unfinished(problem), refusal.details as Record<string, unknown>, 'ValidationError');
      }
      const fields: EntryFields = { ...form, declarations, confirmedTextSha256: row.textSha256 };
      const { receipt } = await withFileOnDisk(row, (filepath) =>
        entries.create(entrant, {
          // One entry per draft, even when the request is sent twice.
          key: `draft-${row.id}-${row.textSha256.slice(0, 16)}`,
          fields,
          poem: { filepath, size: row.fileSize, originalFilename: row.fileName },
          photo: null,
        }),
      );
      await drafts().delete({ where: { id: row.id } });
      await files().remove(row.fileKey);
      return receipt;
    },

    /**
     * The daily sweep: a notice (bell and email) for each draft not saved for DRAFT_KEEP_DAYS − DRAFT_NOTICE_DAYS
     * days, then, once noticed at least DRAFT_NOTICE_DAYS days ago, the draft deleted when a year old. Each step
     * claims its draft with a conditional write, so several instances act once.
     */
    async expire(now: Date = new Date()): Promise<{ noticed: number; deleted: number }> {
      const noticeBefore = new Date(now.getTime() - (DRAFT_KEEP_DAYS - DRAFT_NOTICE_DAYS) * DAY_MS);
      let noticed = 0;
      const due: DraftRow[] = await drafts().findMany({ where: { savedAt: { $lt: noticeBefore }, expiryNoticeAt: { $null: true } }, limit: 500 });
      for (const row of due) {
        const { count } = await drafts().updateMany({ where: { id: row.id, expiryNoticeAt: { $null: true } }, data: { expiryNoticeAt: now } });
        if (count !== 1) continue;
        // Told now, so kept at least the notice period from now whatever its age.
        const on = new Date(Math.max(expiresAt(row).getTime(), now.getTime() + DRAFT_NOTICE_DAYS * DAY_MS));
        await tell(row.userId, DRAFT_MESSAGES.noticeTitle, DRAFT_MESSAGES.notice(untitled(row), on));
        noticed += 1;
      }
      let deleted = 0;
      const old: DraftRow[] = await drafts().findMany({
        where: {
          savedAt: { $lt: new Date(now.getTime() - DRAFT_KEEP_DAYS * DAY_MS) },
          expiryNoticeAt: { $lte: new Date(now.getTime() - DRAFT_NOTICE_DAYS * DAY_MS) },
        },
        limit: 500,
      });
      for (const row of old) {
        const { count } = await drafts().deleteMany({ where: { id: row.id } });
        if (count !== 1) continue;
        await files().remove(row.fileKey);
        await tell(row.userId, DRAFT_MESSAGES.deletedTitle, DRAFT_MESSAGES.deleted(untitled(row)));
        deleted += 1;
      }
      return { noticed, deleted };
    },
  };
};
