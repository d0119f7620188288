// The wall's public pages on SQLite as prepared statements (lib/prepared.ts): every page of the wall, a filter, a
// search and the Following tab read their rows here with each post's poet id in the same statement (the wall owns
// the post-poet link table), instead of the query engine's parsing, hydration and second query per read. The SQL
// is built from Strapi's metadata and the caller's code, never from a request; its values are bound.
import type { Core } from '@strapi/strapi';
import type { WallSort } from '@writory/shared';
import { linkOf } from '../../lib/db';
import { IDS_IN, preparedReads, type PreparedParams } from '../../lib/prepared';
import type { WallCursor } from './lib/cursor';
import { POST } from './lib/posts';

/** A post as a public page shows it, with its poet's id. */
export interface PublicRow {
  id: number;
  title: string;
  text: string;
  language: string;
  theme: string | null;
  likesCount: number | null;
  approvedAt: Date | null;
  poetId: number | null;
}

/** SQLite gives a datetime as milliseconds (maybe as text, or ISO text when written so): as a Date. */
const dateOf = (value: string | number | null) =>
  value === null || value === undefined ? null : new Date(typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value);

/** Posts whose id is in a subquery (the Following tab's followed poets' posts): its SQL, `?` placeholders, and values. */
export interface IdsSql {
  sql: string;
  bindings: PreparedParams;
}

export interface PageSpec {
  sort: WallSort;
  cursor?: WallCursor;
  offset: number;
  limit: number;
  language?: string;
  theme?: string;
  /** Only posts of the poets this subquery names (user ids). */
  poets?: IdsSql;
}

export function publicReads(strapi: Core.Strapi) {
  const read = preparedReads(strapi, { postgres: false });
  const meta = strapi.db.metadata.get(POST);
  const column = (attribute: string) => (meta.attributes[attribute] as { columnName?: string }).columnName ?? attribute;
  const link = linkOf(strapi, POST, 'poet');
  const [status, approvedAt, likes, language, theme] = ['moderationStatus', 'approvedAt', 'likesCount', 'language', 'theme'].map((a) => `p.${column(a)}`);
  const select = `select p.id as id, p.title as title, p.text as text, ${language} as language, ${theme} as theme, ${likes} as likesCount,
    ${approvedAt} as approvedAt, l.${link.inverseJoinColumn.name} as poetId
    from ${meta.tableName} p left join ${link.name} l on l.${link.joinColumn.name} = p.id`;
  type Raw = Omit<PublicRow, 'approvedAt'> & { approvedAt: string | number | null };
  // In a transaction (never on these public reads) the same SQL through knex.
  const viaKnex = (sql: string) => async (params: PreparedParams) => (await strapi.db.connection.raw(sql, params as never)) as unknown as Raw[];
  const run = async (sql: string, params: PreparedParams): Promise<PublicRow[]> =>
    (await read<Raw>(sql, params, viaKnex(sql))).map((row) => ({ ...row, id: Number(row.id), approvedAt: dateOf(row.approvedAt) }));

  return {
    /**
     * One page walked in the order's index (newest: wall_posts_public_newest, or the language's or theme's; most
     * liked: wall_posts_public_liked), after the cursor or `offset` posts, `limit` rows: the same rows and order as
     * the query engine's `afterCursor` pages.
     */
    page({ sort, cursor, offset, limit, language: lang, theme: tag, poets }: PageSpec): Promise<PublicRow[]> {
      const where = [`${status} = 'approved'`];
      const params: PreparedParams = [];
      if (lang) {
        where.push(`${language} = ?`);
        params.push(lang);
      }
      if (tag) {
        where.push(`${theme} = ?`);
        params.push(tag);
      }
      if (poets) {
        where.push(`p.id in (select ${link.joinColumn.name} from ${link.name} where ${link.inverseJoinColumn.name} in (${poets.sql}))`);
        params.push(...poets.bindings);
      }
      if (cursor?.sort === 'newest') {
        where.push(`${approvedAt} <= ? and (${approvedAt} < ? or (${approvedAt} = ? and p.id < ?))`);
        params.push(cursor.approvedAt, cursor.approvedAt, cursor.approvedAt, cursor.id);
      } else if (cursor?.sort === 'most-liked') {
        where.push(`${likes} <= ? and (${likes} < ? or ${approvedAt} < ? or (${approvedAt} = ? and p.id < ?))`);
        params.push(cursor.likes, cursor.likes, cursor.approvedAt, cursor.approvedAt, cursor.id);
      }
      const order = sort === 'newest' ? `${approvedAt} desc, p.id desc` : `${likes} desc, ${approvedAt} desc, p.id desc`;
      params.push(limit, offset);
      return run(`${select} where ${where.join(' and ')} order by ${order} limit ? offset ?`, params);
    },

    /** These posts (any state: the caller has chosen them), in the order of `ids`. */
    async byIds(ids: readonly number[]): Promise<PublicRow[]> {
      if (!ids.length) return [];
      const rows = await run(`${select} where p.id in ${IDS_IN}`, [JSON.stringify(ids)]);
      const byId = new Map(rows.map((row) => [Number(row.id), row]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },
  };
}

/** The post-poet link table's index by poet that holds the post id too: the Following tab reads a poet's posts from it alone. */
export const LINK_BY_POET_INDEX = 'wall_posts_poet_lnk_poet_post';

/**
 * Makes, at boot after Strapi's table sync, the index of the link table by poet and post (Strapi's own index by poet
 * has only the poet, so each of a Following tab's ~900 posts was a second read of the table).
 */
export async function ensurePublicReadIndexes(strapi: Core.Strapi): Promise<void> {
  const link = linkOf(strapi, POST, 'poet');
  await strapi.db.connection.raw(`create index if not exists ${LINK_BY_POET_INDEX} on ${link.name} (${link.inverseJoinColumn.name}, ${link.joinColumn.name})`);
}
