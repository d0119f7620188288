import type { Core } from '@strapi/strapi';
import { ApiError } from '../../../lib/api-error';
import type { OutgoingFile } from '../../../lib/private-files';
import { entryRepository } from '../../entry/repository';
import { getService } from '../../../services';
import { WINNER } from '../repository';
import { msg } from '../../../lib/messages';

export interface WinningContent {
  /** The text extracted from the poem's file (the poet's own words; judges read an anonymised copy). */
  poem: string | null;
  language: string | null;
  /** The entry came with an author photo: /api/winners/{id}/photo serves it once the winner is published. */
  hasPhoto: boolean;
}

const noPhoto = () => new ApiError(404, msg('winner.noPhoto'), {}, 'NotFoundError');

/** What the public winner pages show of an entry: its text, its language and the author's photo. */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async contentOf(entryIds: number[]): Promise<Map<number, WinningContent>> {
    const entries = await entryRepository(strapi).byIds(entryIds, ['language', 'text', 'photoKey']);
    return new Map(entries.map((e) => [e.id, { poem: e.text?.trim() || null, language: e.language ?? null, hasPhoto: Boolean(e.photoKey) }]));
  },

  /**
   * The author photo of a published winner, for GET /api/winners/{id}/photo. Entry photos are private: only a
   * winner's, and only once the winners are published (a winner row exists), leave through this route.
   */
  async photoOf(slug: string): Promise<OutgoingFile> {
    const winner: { entryId: number } | null = await strapi.db.query(WINNER).findOne({ where: { slug }, select: ['entryId'] });
    if (!winner) throw new ApiError(404, msg('winner.notFound'), {}, 'NotFoundError');
    const [entry] = await entryRepository(strapi).byIds([winner.entryId], ['photoKey']);
    const files = getService(strapi, 'api::entry.storage').privateFiles();
    if (!entry?.photoKey || !(await files.exists(entry.photoKey))) throw noPhoto();
    return { key: entry.photoKey, name: `${slug}.webp`, type: 'image/webp' };
  },
});
