import type { Core } from '@strapi/strapi';

export interface WinningContent {
  poem: string | null;
  language: string | null;
  photoUrl: string | null;
}

/** What the public winner pages show of an entry: its text, language and the author's photo. */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async contentOf(entryIds: number[]): Promise<Map<number, WinningContent>> {
    const entries = await strapi.db.query('api::entry.entry').findMany({ where: { id: { $in: entryIds } }, select: ['id', 'language'] });
    return new Map(entries.map((e: { id: number; language: string }) => [e.id, { poem: null, language: e.language ?? null, photoUrl: null }]));
  },
});
