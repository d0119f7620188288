import type { Core } from '@strapi/strapi';
import type { MyWallPost, WallPage, WallPostDetail } from '@writory/shared';
import { ApiError, forbidden } from '../../../lib/api-error';
import { msg } from '../../../lib/messages';
import { requestSiteRebuild } from '../../../lib/site-rebuild';
import { linkOf, type idsLinkedTo } from '../../../lib/db';
import { createTtlCache } from '../../../lib/ttl-cache';
import { afterCursor, decodeCursor, encodeCursor, pageOfKeys } from '../lib/cursor';
import { idsMatching, newestMatchingIds } from '../lib/search';
import { prefilterFlags } from '../lib/prefilter';
import { LIKE, POST, REPORT, isPublic, toDetail, toMine, toSummary, type PostRow } from '../lib/posts';
import type { NewPostBody, WallQuery } from '../validation/wall';
import { getService } from '../../../services';
import { userRepository } from '../../user/repository';
import type { PoetPageLinks } from '../repository';
import { publicReads, type PublicRow } from '../public-reads';

const PUBLIC_FIELDS = ['id', 'title', 'text', 'language', 'theme', 'likesCount', 'approvedAt'];
const MY_POSTS_LIMIT = 50;
/**
 * A search matching at most this many posts makes its page from their list (see listedIds);
 * WALL_LISTED_IDS_MAX changes it (0: every page walks the order's index, as before issue 40's last part).
 */
export const listedIdsMax = () => Number(process.env.WALL_LISTED_IDS_MAX ?? 1000);

/**
 * On SQLite a search in the newest order reads the newest-order index (`newestMatchingIds`); WALL_NEWEST_SEARCH_INDEX=false
 * makes it list or walk as the other orders do (the search suite compares the two).
 */
const newestSearchIndex = () => process.env.WALL_NEWEST_SEARCH_INDEX !== 'false';

/** A subquery of ids (knex), as `idsLinkedTo` makes. */
type IdSubquery = ReturnType<typeof idsLinkedTo>;

/** A datetime as the database driver gives it (SQLite: milliseconds, maybe as text; PostgreSQL: a Date). */
const millisecondsOf = (value: string | number | Date) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : new Date(value).getTime());

export const notOnTheWall = (id: number) => new ApiError(404, msg('wall.notOnWall', { id }), { id }, 'NotFoundError');

/**
 * Posts as the public and their poets see them. Public reads are cached in memory for WALL_CACHE_SECONDS (5 s by
 * default): a burst of readers makes one query, and a change made elsewhere shows within that time.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const posts = () => strapi.db.query(POST);
  const originality = () => getService(strapi, 'api::originality.originality');
  const ttlMs = Number(process.env.WALL_CACHE_SECONDS ?? 5) * 1000;
  const pages = createTtlCache<WallPage>({ ttlMs, maxEntries: 200 });
  const details = createTtlCache<WallPostDetail | null>({ ttlMs, maxEntries: 2000 });
  let poetPages: PoetPageLinks | null = null;
  let sqliteReads: ReturnType<typeof publicReads> | null = null;
  /** The prepared public reads on SQLite (public-reads.ts); null on PostgreSQL, which pages through the query engine. */
  const fastReads = () => (strapi.db.dialect.client === 'sqlite' ? (sqliteReads ??= publicReads(strapi)) : null);

  /**
   * The poets of these posts by post id: from the rows' poet ids when they came with them (public-reads.ts), else
   * read from the link table by post (SQLite would scan every user otherwise).
   */
  async function poetsOf(rows: { id: number; poetId?: number | null }[]): Promise<Map<number, NonNullable<PostRow['poet']>>> {
    let pairs: { postId: number; poetId: number }[];
    if (rows.every((row) => row.poetId !== undefined)) {
      pairs = rows.flatMap((row) => (row.poetId === null || row.poetId === undefined ? [] : [{ postId: row.id, poetId: Number(row.poetId) }]));
    } else {
      const link = linkOf(strapi, POST, 'poet');
      const found: Record<string, number>[] = rows.length
        ? await strapi.db
            .connection(link.name)
            .select(link.joinColumn.name, link.inverseJoinColumn.name)
            .whereIn(
              link.joinColumn.name,
              rows.map((row) => row.id),
            )
        : [];
      pairs = found.map((pair) => ({ postId: pair[link.joinColumn.name], poetId: pair[link.inverseJoinColumn.name] }));
    }
    const poetIds = [...new Set(pairs.map((pair) => pair.poetId))];
    const [poets, handles] = await Promise.all([
      userRepository(strapi).namesAndPictures(poetIds),
      poetPages ? poetPages.publicHandlesOf(poetIds) : new Map<number, string>(),
    ]);
    const byId = new Map(poets.map((poet: NonNullable<PostRow['poet']>) => [poet.id, { ...poet, handle: handles.get(poet.id) ?? null }]));
    return new Map(
      pairs.flatMap((pair) => {
        const poet = byId.get(pair.poetId);
        return poet ? [[pair.postId, poet] as const] : [];
      }),
    );
  }

  /**
   * The ids a subquery names (a search's matches), read as a list when there are at most
   * listedIdsMax() of them, else null: the page then walks the order's index and tests each post against the
   * subquery, which finds a page within a few rows when matches are many, but walks the whole index (85,000 entries
   * on the bench dataset) when they are few, and builds the whole set first either way.
   */
  async function listedIds(subquery: IdSubquery): Promise<number[] | null> {
    const max = listedIdsMax();
    if (!(max > 0)) return null;
    const rows: Record<string, unknown>[] = await subquery.clone().limit(max + 1);
    return rows.length > max ? null : rows.map((row) => Number(Object.values(row)[0]));
  }

  /**
   * One page among a short list of posts (and in any subqueries not listed): their order keys read by primary key and
   * ordered here as the order's index would (`pageOfKeys`), then the page's rows by primary key. SQLite's planner
   * would otherwise walk the order's index past every other post to find the few listed ones.
   */
  async function pageAmong(ids: number[], alsoIn: IdSubquery[], { sort, page, pageSize, cursor, language, theme }: WallQuery): Promise<PostRow[]> {
    if (!ids.length) return [];
    const meta = strapi.db.metadata.get(POST);
    const column = (attribute: string) => (meta.attributes[attribute] as { columnName?: string }).columnName ?? attribute;
    const keys = strapi.db.connection(meta.tableName).select({
      id: 'id',
      approvedAt: column('approvedAt'),
      likes: column('likesCount'),
      status: column('moderationStatus'),
      language: column('language'),
      theme: column('theme'),
    });
    keys.whereIn('id', ids);
    for (const subquery of alsoIn) keys.whereIn('id', subquery);
    const rows: { id: number; approvedAt: string | number | Date; likes: number | null; status: string; language: string; theme: string | null }[] = await keys;
    const pageIds = pageOfKeys(
      rows
        .filter((row) => row.status === 'approved' && (!language || row.language === language) && (!theme || row.theme === theme))
        .map((row) => ({ id: Number(row.id), approvedAt: millisecondsOf(row.approvedAt), likes: Number(row.likes ?? 0) })),
      sort,
      cursor ? { cursor: decodeCursor(sort, cursor), limit: pageSize + 1 } : { offset: (page - 1) * pageSize, limit: pageSize + 1 },
    );
    return rowsInOrder(pageIds);
  }

  /** The public rows of these posts, in this order. */
  async function rowsInOrder(pageIds: number[]): Promise<PostRow[]> {
    if (!pageIds.length) return [];
    const found: PostRow[] = await posts().findMany({ where: { id: { $in: pageIds } }, select: PUBLIC_FIELDS });
    const byId = new Map(found.map((row) => [row.id, row]));
    return pageIds.flatMap((id) => byId.get(id) ?? []);
  }

  /**
   * A page on SQLite, its rows with their poet ids (public-reads.ts): a search in the newest order from the newest-order
   * index (a page's worth, read newest first), any other search as on PostgreSQL, and every other view walked in its
   * order's index by a prepared statement.
   */
  async function sqlitePage(reads: ReturnType<typeof publicReads>, query: WallQuery, poetIds?: IdSubquery): Promise<(PostRow | PublicRow)[]> {
    const { sort, page, pageSize, cursor, language, theme, q } = query;
    const after = cursor ? decodeCursor(sort, cursor) : undefined;
    const offset = after ? 0 : (page - 1) * pageSize;
    if (q && sort === 'newest' && !poetIds && newestSearchIndex()) {
      const ids = await newestMatchingIds(strapi, q, {
        after: after ? { approvedAt: after.approvedAt, id: after.id } : undefined,
        offset,
        limit: pageSize + 1,
        language,
        theme,
      });
      return reads.byIds(ids);
    }
    if (q) return queryEnginePage(query, poetIds);
    // The Following tab: the followed poets' posts from the link table by its poet column, tested along the newest index.
    const poets = poetIds ? poetIds.toSQL().toNative() : undefined;
    return reads.page({
      sort,
      cursor: after,
      offset,
      limit: pageSize + 1,
      language,
      theme,
      poets: poets ? { sql: poets.sql, bindings: poets.bindings as (string | number)[] } : undefined,
    });
  }

  /** One page in the order's index: after the cursor when there is one, else by the older page number. */
  async function loadPage(query: WallQuery, poetIds?: IdSubquery): Promise<WallPage> {
    const reads = fastReads();
    return present(reads ? await sqlitePage(reads, query, poetIds) : await queryEnginePage(query, poetIds), query);
  }

  /** A page through the query engine (PostgreSQL; a search in the most-liked order on SQLite). */
  async function queryEnginePage(query: WallQuery, poetIds?: IdSubquery): Promise<PostRow[]> {
    // The Following tab: the poems of the followed poets, from the link table by its poet column, tested along the
    // newest index (a page's worth within about 2,000 entries on the bench dataset, each poet's ~10 poems among 85,000;
    // made from the list instead it measured no faster, docs/benchmarks.md).
    const link = linkOf(strapi, POST, 'poet');
    const ofPoets = poetIds ? [strapi.db.connection(link.name).select(link.joinColumn.name).whereIn(link.inverseJoinColumn.name, poetIds)] : [];
    // A search reads the ids the full-text index matches: few of them, the page is made from their list (pageAmong).
    const matches = query.q ? idsMatching(strapi, query.q) : null;
    const listed = matches ? await listedIds(matches) : null;
    return listed ? pageAmong(listed, ofPoets, query) : pageInIndex(query, [...(matches ? [matches] : []), ...ofPoets]);
  }

  /** One page walked in the order's index, each post tested against the filters and the subqueries. */
  async function pageInIndex({ sort, page, pageSize, cursor, language, theme }: WallQuery, among: IdSubquery[]): Promise<PostRow[]> {
    const orderBy = sort === 'newest' ? [{ approvedAt: 'desc' }, { id: 'desc' }] : [{ likesCount: 'desc' }, { approvedAt: 'desc' }, { id: 'desc' }];
    const after = cursor ? afterCursor(decodeCursor(sort, cursor)) : {};
    // Filters narrow the same keyset pages: a language or theme has its own index in the newest order.
    const filters = {
      ...(language ? { language } : {}),
      ...(theme ? { theme } : {}),
      ...(among.length ? { $and: among.map((ids) => ({ id: { $in: ids } })) } : {}),
    };
    return posts().findMany({
      where: { moderationStatus: 'approved', ...filters, ...after },
      orderBy,
      ...(cursor ? {} : { offset: (page - 1) * pageSize }),
      limit: pageSize + 1,
      select: PUBLIC_FIELDS,
    });
  }

  /** The page's posts with their poets, and the key of the next page when there is one. */
  async function present(rows: (PostRow | PublicRow)[], { sort, page, pageSize, cursor }: WallQuery): Promise<WallPage> {
    const shown = rows.slice(0, pageSize);
    const poets = await poetsOf(shown);
    const last = shown[shown.length - 1];
    const nextCursor =
      rows.length > pageSize
        ? encodeCursor(sort, { id: last.id, likes: last.likesCount ?? 0, approvedAt: new Date(last.approvedAt as string).getTime() })
        : null;
    return {
      sort,
      posts: shown.map((row) => toSummary({ ...row, poet: poets.get(row.id) ?? null } as PostRow)),
      pagination: { page: cursor ? null : page, pageSize, nextCursor },
    };
  }

  async function loadDetail(id: number): Promise<WallPostDetail | null> {
    const row: PostRow | null = await posts().findOne({ where: { id, moderationStatus: 'approved' }, select: PUBLIC_FIELDS });
    return row ? toDetail({ ...row, poet: (await poetsOf([{ id: row.id }])).get(row.id) ?? null }) : null;
  }

  /** Forgets cached public reads after a change in this instance (others catch up within the cache time). */
  function changed({ rebuild }: { rebuild: boolean }) {
    pages.clear();
    details.clear();
    if (rebuild) requestSiteRebuild(strapi);
  }

  return {
    /** A page of approved posts, newest or most liked first. Pending, rejected, hidden and held posts never appear. */
    page(query: WallQuery): Promise<WallPage> {
      if (query.cursor && query.page > 1) throw new ApiError(400, msg('cursor.both'), { cursor: 'with page' }, 'BadRequestError');
      if (query.cursor) decodeCursor(query.sort, query.cursor); // a bad one is refused before the cache
      const filters = JSON.stringify([query.language ?? '', query.theme ?? '', query.q ?? []]);
      return pages.get(`${query.sort}:${query.cursor ?? query.page}:${query.pageSize}:${filters}`, () => loadPage(query));
    },

    /** One approved post, whole; 404 for any other. */
    async detail(id: number): Promise<WallPostDetail> {
      const post = await details.get(String(id), () => loadDetail(id));
      if (!post) throw notOnTheWall(id);
      return post;
    },

    changed,

    /** The poet domain tells the wall which poets have a public page (from its bootstrap), so names link to it. */
    linkPoetPages(links: PoetPageLinks) {
      poetPages = links;
    },

    /** A page of the approved poems of the poets a subquery names (the Following tab), newest first; not cached. */
    pageOfPoets(poetIds: IdSubquery, query: Pick<WallQuery, 'pageSize' | 'cursor'>): Promise<WallPage> {
      if (query.cursor) decodeCursor('newest', query.cursor);
      return loadPage({ sort: 'newest', page: 1, pageSize: query.pageSize, cursor: query.cursor }, poetIds);
    },

    /** A new post waits for a moderator; the word-list prefilter only marks it. */
    async create(user: { id: number }, input: NewPostBody): Promise<MyWallPost> {
      await getService(strapi, 'api::wall-post.limits').posts.consume(user.id);
      const flags = prefilterFlags(input.title, input.text);
      const row = await strapi.db.transaction(async () => {
        const created = await posts().create({
          data: { ...input, moderationStatus: 'pending', poet: user.id, likesCount: 0, openReports: 0, flagged: flags.length > 0, prefilterFlags: flags },
        });
        // Originality: earlier contest entries and wall posts with much the same words, for the moderators.
        const similar = await originality().findSimilar(input.text, { excludeKind: 'wall-post', excludeRefId: created.id });
        await originality().register('wall-post', created.id, input.text);
        return similar.length ? posts().update({ where: { id: created.id }, data: { similarity: similar } }) : created;
      });
      return toMine(row as PostRow);
    },

    /** The poet's own newest posts in every state, with the moderator's reason where there is one. */
    async mine(user: { id: number }): Promise<MyWallPost[]> {
      const rows = await posts().findMany({
        where: { poet: { id: user.id } },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        limit: MY_POSTS_LIMIT,
        select: ['id', 'title', 'language', 'moderationStatus', 'moderationReason', 'likesCount', 'createdAt'],
      });
      return (rows as PostRow[]).map(toMine);
    },

    /** The poet deletes their own post (any state), with its likes and reports. */
    async remove(user: { id: number }, id: number): Promise<void> {
      const post = await posts().findOne({ where: { id }, select: ['id', 'moderationStatus'], populate: { poet: { select: ['id'] } } });
      if (!post) throw new ApiError(404, msg('wall.noPost', { id }), { id }, 'NotFoundError');
      if (post.poet?.id !== user.id) throw forbidden(msg('wall.onlyPoetDeletes'));
      await strapi.db.transaction(async () => {
        await strapi.db.query(LIKE).deleteMany({ where: { postId: id } });
        await strapi.db.query(REPORT).deleteMany({ where: { postId: id } });
        await originality().remove('wall-post', id);
        await posts().delete({ where: { id } });
      });
      changed({ rebuild: isPublic(post.moderationStatus) });
    },

    /** Which of these posts the poet likes. */
    async likedAmong(user: { id: number }, ids: number[]): Promise<number[]> {
      const rows = await strapi.db.query(LIKE).findMany({ where: { userId: user.id, postId: { $in: ids } }, select: ['postId'] });
      return rows.map((row: { postId: number }) => row.postId);
    },
  };
};
