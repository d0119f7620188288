import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { POEM_TYPES, type PoemKind } from '@writory/shared';
import { ApiError } from '../../../lib/api-error';
import { msg, say } from '../../../lib/messages';
import { privateFilesFromEnv, type OutgoingFile } from '../../../lib/private-files';
import type { UserRow } from '../../user/repository';
import type { JudgeCopy } from '../reading/judge-copy';
import type { EntryRow } from './entry';
import { DRAFT, DRAFT_FOLDER } from '../repository';

const ENTRY = 'api::entry.entry';
const ORPHAN_AGE_MS = 60 * 60_000;
const FOLDERS = { poems: 'entries', photos: 'entry-photos' } as const;

/** A file already on disk: the upload as the body parser wrote it. */
export interface FileOnDisk {
  filepath: string;
}

/**
 * The files an entry is made of: the poem as sent (its bytes, or the upload on disk, copied without reading it into
 * memory), the blind copy judges may open, the author photo.
 */
export interface EntryBlobs {
  poem: Buffer | FileOnDisk;
  judgeCopy: JudgeCopy | null;
  photo: Buffer | null;
}

/** Where an entry's files are kept: the keys its row stores. */
export type EntryFileKeys = Pick<EntryRow, 'fileKey' | 'judgeFileKey' | 'photoKey'>;

const isPrivileged = (user: Pick<UserRow, 'role'>) => user.role?.type === 'admin';

/**
 * Entry files in the private store (local disk or a private bucket, never a public path): writing them, who may
 * download which, and sweeping those no entry uses.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const entries = () => strapi.db.query(ENTRY);
  const files = privateFilesFromEnv(strapi.dirs.app.root);

  async function findOwnEntry(user: UserRow, code: string): Promise<EntryRow> {
    const row: EntryRow | null = await entries().findOne({ where: { code }, populate: { poet: { select: ['id'] }, contest: true } });
    if (!row || (!isPrivileged(user) && row.poet?.id !== user.id)) throw new errors.NotFoundError(say('entryCode.notYours'));
    return row;
  }

  return {
    privateFiles: () => files,

    /** Writes an entry's files before its row; when one write fails, those already written are removed. */
    async store(blobs: EntryBlobs, kind: PoemKind): Promise<EntryFileKeys> {
      const written: string[] = [];
      const keep = async (writing: Promise<string>) => {
        const key = await writing;
        written.push(key);
        return key;
      };
      const put = (folder: string, bytes: Buffer, extension: string) => keep(files.put(folder, bytes, extension));
      try {
        const { poem } = blobs;
        const fileKey = Buffer.isBuffer(poem) ? await put(FOLDERS.poems, poem, kind) : await keep(files.putFile(FOLDERS.poems, poem.filepath, kind));
        const judgeFileKey = blobs.judgeCopy ? await put(FOLDERS.poems, blobs.judgeCopy.bytes, blobs.judgeCopy.kind) : null;
        const photoKey = blobs.photo ? await put(FOLDERS.photos, blobs.photo, 'webp') : null;
        return { fileKey, judgeFileKey, photoKey };
      } catch (error) {
        for (const key of written) await files.remove(key);
        throw error;
      }
    },

    /** Removes the files `store` wrote, when their entry was not stored after all. */
    async remove(keys: EntryFileKeys): Promise<void> {
      for (const key of [keys.fileKey, keys.judgeFileKey, keys.photoKey]) if (key) await files.remove(key);
    },

    /** The poet's own file (or any, for admins). */
    async originalFile(user: UserRow, code: string): Promise<OutgoingFile> {
      const row = await findOwnEntry(user, code);
      return { key: row.fileKey, name: row.fileName, type: POEM_TYPES[row.fileType] };
    },

    /** The author photo: the poet's own, or any for admins; never judges. */
    async photoFile(user: UserRow, code: string): Promise<OutgoingFile> {
      const row = await findOwnEntry(user, code);
      if (!row.photoKey) throw new errors.NotFoundError(say('entryCode.noPhoto'));
      return { key: row.photoKey, name: `${row.code}-photo.webp`, type: 'image/webp' };
    },

    /** The blind copy judges may open, named by the entry code only. */
    async judgeFile(code: string): Promise<OutgoingFile> {
      const row: EntryRow | null = await entries().findOne({ where: { code }, select: ['code', 'fileType', 'judgeFileKey'] });
      if (!row) throw new errors.NotFoundError(say('entryCode.notFound'));
      if (!row.judgeFileKey) {
        throw new ApiError(404, msg('entry.withheld'), { reason: 'withheld' }, 'NotFoundError');
      }
      // A PDF naming its author in its text has a plain .docx copy: the stored key's extension says which.
      const kind: PoemKind = row.judgeFileKey.endsWith('.docx') ? 'docx' : 'pdf';
      return { key: row.judgeFileKey, name: `${row.code}.${kind}`, type: POEM_TYPES[kind] };
    },

    /**
     * Deletes private files no entry points at (left by a crash between writing a file and its row, or by an
     * entry deleted in the admin panel), once they are an hour old. Only files: what other domains keep about a
     * deleted entry goes with it (the entry repository's onEntriesRemoved).
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
            ? await entries().findMany({
                where: { $or: [{ fileKey: { $in: keys } }, { judgeFileKey: { $in: keys } }, { photoKey: { $in: keys } }] },
                select: ['fileKey', 'judgeFileKey', 'photoKey'],
              })
            : [];
          const kept = new Set(used.flatMap((row) => [row.fileKey, row.judgeFileKey, row.photoKey]));
          for (const key of batch.filter((key) => !kept.has(key))) {
            await files.removeListed(key);
            removed += 1;
          }
        }
      }
      // Drafts' files (issue 40) are kept while their draft is.
      const listed = await files.listOlderThan(DRAFT_FOLDER, before);
      for (let i = 0; i < listed.length; i += 200) {
        const batch = listed.slice(i, i + 200);
        const keys = batch.filter((key) => !key.endsWith('.partial'));
        const used: { fileKey: string }[] = keys.length
          ? await strapi.db.query(DRAFT).findMany({ where: { fileKey: { $in: keys } }, select: ['fileKey'] })
          : [];
        const kept = new Set(used.map((row) => row.fileKey));
        for (const key of batch.filter((key) => !kept.has(key))) {
          await files.removeListed(key);
          removed += 1;
        }
      }
      return removed;
    },
  };
};
