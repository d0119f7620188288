import type { Core } from '@strapi/strapi';
import { POET_PAGE_POEMS, type MyPoetPage, type PoetPage } from '@writory/shared';
import { ApiError, validationError } from '../../../lib/api-error';
import { isUniqueViolation } from '../../../lib/db';
import { requestSiteRebuild } from '../../../lib/site-rebuild';
import { getService } from '../../../services';
import { certificateRepository } from '../../certificate/repository';
import { userRepository } from '../../user/repository';
import { wallPostRepository } from '../../wall-post/repository';
import { POET_FALLBACK_NAME } from '../../wall-post/lib/posts';
import { winnerRepository } from '../../winner/repository';
import { POET_PAGE, type PoetPageRow } from '../repository';
import type { MyPoetPageBody } from '../validation/pages';
import { msg, say } from '../../../lib/messages';

// One message per refusal, in one place, so a translated catalogue can replace them.
export const POET_MESSAGES = {
  notFound: (handle: string) => msg('poetPage.notFound', { handle }),
  handleTaken: msg('poetPage.handleTaken'),
  publicNeedsHandle: msg('poetPage.publicNeedsHandle'),
} as const;

const toMine = (row: PoetPageRow | null): MyPoetPage => ({
  handle: row?.handle ?? null,
  bio: row?.bio ?? '',
  languages: row?.languages ?? [],
  public: row?.public === true,
});

/**
 * Poet pages: private until the poet chooses a handle and makes the page public. A public page lists what is already
 * public (approved wall poems, published results with their winner certificates); making it private takes it out of the API at once and off the
 * site at the rebuild this asks for.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const pages = () => strapi.db.query(POET_PAGE);
  const rowOf = (userId: number): Promise<PoetPageRow | null> => pages().findOne({ where: { userId } });

  return {
    async mine(user: { id: number }): Promise<MyPoetPage> {
      return toMine(await rowOf(user.id));
    },

    /** Changes the poet's settings; the handle must be free; clearing it makes the page private. */
    async updateMine(user: { id: number }, input: MyPoetPageBody): Promise<MyPoetPage> {
      const before = await rowOf(user.id);
      const next = { ...toMine(before), ...Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) } as MyPoetPage;
      if (!next.handle) next.public = false;
      if (input.public && !next.handle) {
        const error = validationError([{ path: ['handle'], message: 'is required to make your page public' }]);
        error.message = say(POET_MESSAGES.publicNeedsHandle);
        throw error;
      }
      const data = { handle: next.handle, bio: next.bio, languages: next.languages, public: next.public };
      let row: PoetPageRow;
      try {
        row = before ? await pages().update({ where: { id: before.id }, data }) : await pages().create({ data: { userId: user.id, ...data } });
      } catch (error) {
        if (isUniqueViolation(error)) throw new ApiError(409, POET_MESSAGES.handleTaken, { handle: next.handle }, 'ConflictError');
        throw error;
      }
      // The static pages follow: a page appears, changes, moves to a new handle or goes.
      // The wall's cached pages (names linked to the page, or no longer) are read again in this instance at once.
      if (before?.public || row.public) {
        getService(strapi, 'api::wall-post.posts').changed({ rebuild: false });
        requestSiteRebuild(strapi);
      }
      return toMine(row);
    },

    /** The handles of every public page (the site builds one page each). */
    async publicHandles(): Promise<string[]> {
      const rows: { handle: string }[] = await pages().findMany({
        where: { public: true, handle: { $notNull: true } },
        select: ['handle'],
        orderBy: { handle: 'asc' },
      });
      return rows.map((row) => row.handle);
    },

    /** A public page; 404 for a private, unknown or suspended poet's. */
    async page(handle: string): Promise<PoetPage> {
      const row: PoetPageRow | null = await pages().findOne({ where: { handle, public: true } });
      const [poet] = row ? await userRepository(strapi).withPictures([row.userId], ['name', 'blocked', 'suspendedAt']) : [];
      if (!row || !poet || poet.blocked === true || poet.suspendedAt) throw new ApiError(404, POET_MESSAGES.notFound(handle), { handle }, 'NotFoundError');
      const name = poet.name?.trim() || POET_FALLBACK_NAME;
      const [poems, results, certificates] = await Promise.all([
        wallPostRepository(strapi).approvedOf(row.userId, { id: poet.id, name, profilePicture: poet.profilePicture }, POET_PAGE_POEMS),
        winnerRepository(strapi).ofPoet(row.userId),
        certificateRepository(strapi).winnerCertificatesOf(row.userId),
      ]);
      // Each published result with its winner certificate (one per winning entry) and its competition's name.
      const key = (c: { competitionSlug: string; month: string; entryId?: number | null }) => `${c.competitionSlug}|${c.month}|${c.entryId ?? ''}`;
      const certificateOf = new Map(certificates.map((certificate) => [key(certificate), certificate.slug]));
      const competitions = await getService(strapi, 'api::competition.competition').refs([...new Set(results.map((result) => result.competitionSlug))]);
      return {
        handle: row.handle as string,
        name,
        pictureUrl: poet.profilePicture?.url ?? null,
        bio: row.bio ?? '',
        languages: row.languages ?? [],
        poems,
        results: results.map((result) => ({
          id: result.slug,
          competition: competitions.get(result.competitionSlug) ?? { slug: result.competitionSlug, name: result.competitionSlug },
          month: result.month,
          place: result.place,
          title: result.title,
          language: result.language ?? null,
          certificate: certificateOf.get(key(result)) ?? null,
        })),
      };
    },
  };
};
