// The tag domain's table (issue 36): article tags. The article admin finds and makes tags through these functions.
import type { Core } from '@strapi/strapi';

export const TAG = 'api::tag.tag' as const;

export function tagRepository(strapi: Core.Strapi) {
  const tags = () => strapi.documents(TAG);
  const uids = () => strapi.plugin('content-manager').service('uid');

  /** A tag's slug by the panel's own rule (transliterated, unique among drafts); `fallback` for names in scripts it drops. */
  async function uniqueSlug(text: string, fallback: string): Promise<string> {
    const generate = (value: string): Promise<string> => uids().generateUIDField({ contentTypeUID: TAG, field: 'slug', data: { name: value } });
    const slug = await generate(text);
    return /^[a-z0-9]/.test(slug) ? slug : generate(fallback);
  }

  return {
    /** The documentIds of these tags, matched without case; the missing ones are created. */
    async documentIdsOf(names: string[]): Promise<string[]> {
      const ids: string[] = [];
      for (const name of names) {
        const existing = await tags().findFirst({ filters: { name: { $eqi: name } }, fields: ['documentId'] });
        const tag = existing ?? (await tags().create({ data: { name, slug: await uniqueSlug(name, 'tag') } }));
        ids.push(tag.documentId);
      }
      return ids;
    },

    /** Every tag, by name. */
    async all(): Promise<{ name: string; slug: string }[]> {
      return (await tags().findMany({ sort: [{ name: 'asc' }], fields: ['name', 'slug'] })) as { name: string; slug: string }[];
    },
  };
}
