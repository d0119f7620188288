// Searching the wall's titles and poems: SQLite FTS5 on the embedded default, PostgreSQL full-text search on the scale
// path, one API. Both hold words whole with their marks (Devanagari vowel signs, Arabic harakat) and fold case; every
// word of a search must be the beginning of a word of the poem. The words come from `searchWords` (shared), so they
// hold only letters, marks and digits: nothing in them can be read as query syntax by either database.
import type { Core } from '@strapi/strapi';
import { preparedReads } from '../../../lib/prepared';

/** The FTS5 table over wall_posts (external content: it stores only the index, the rows stay in wall_posts). */
export const WALL_FTS = 'wall_posts_fts';
/**
 * The approved posts' words in the wall's newest order (SQLite): an FTS5 table whose rowid is the post's newest-order
 * key (ORDER_KEY_SPAN), so a search reads its matches newest first, from any cursor, and stops at a page's worth
 * (`ORDER BY rowid DESC LIMIT n` streams the index) instead of collecting every match and sorting them by date. It
 * holds no text (contentless): the words of the title and text, the language and theme as words of a `facets` column
 * (so a filtered search is one index read too), and the post's id, unindexed.
 */
export const WALL_FTS_NEWEST = 'wall_posts_fts_newest';
/**
 * orderKey = approval time (ms) × 2^21 + id mod 2^21: descending keys are the newest order (approval time, then id),
 * exactly while ids stay below 2^21 (2,097,152; beyond, two posts approved in the same millisecond could swap).
 * The largest key (the year 2109) still fits SQLite's 64-bit integer.
 */
export const ORDER_KEY_SPAN = 2 ** 21;
/** The PostgreSQL GIN index over the same text. */
export const WALL_SEARCH_INDEX = 'wall_posts_search';
/** The text both indexes hold, as PostgreSQL computes it (the query must repeat the expression to use the index). */
export const PG_DOCUMENT = "to_tsvector('simple'::regconfig, coalesce(title, '') || ' ' || coalesce(text, ''))";

/**
 * unicode61 splits words at characters outside its categories; the default leaves out marks (M*), which would cut
 * Hindi words at each vowel sign. With M* a word keeps its marks, as PostgreSQL's parser keeps them.
 */
const FTS_TOKENIZER = "unicode61 remove_diacritics 2 categories 'L* N* Co M*'";

/**
 * Indexed prefixes of 1 to 6 characters: every search word is a prefix ("the"*), and a prefix FTS5 has no index for
 * is read by merging the postings of every word that begins with it (all of them, before the first row).
 */
const FTS_PREFIXES = '1 2 3 4 5 6';

/** The approval time in ms of a wall_posts row in a trigger (`new.`/`old.`) or a select: integer ms, digits or ISO text; null as 0. */
const approvedMsSql = (row: string) => {
  const at = `${row}approved_at`;
  return `(case when ${at} is null then 0 when typeof(${at}) in ('integer', 'real') then cast(${at} as integer) when ${at} not glob '*[^0-9]*' then cast(${at} as integer) else cast(round((julianday(${at}) - 2440587.5) * 86400000) as integer) end)`;
};

/** The newest-order key of a wall_posts row, in SQL (see ORDER_KEY_SPAN). */
const orderKeySql = (row: string) => `(${approvedMsSql(row)} * ${ORDER_KEY_SPAN} + ${row}id % ${ORDER_KEY_SPAN})`;

/** FTS5 MATCH text: each word a quoted prefix ("नदी"*), all of them required. */
export const ftsQuery = (words: string[]) => words.map((word) => `"${word}"*`).join(' ');

/** PostgreSQL tsquery text: each word a prefix (नदी:*), all of them required. */
export const tsQuery = (words: string[]) => words.map((word) => `${word}:*`).join(' & ');

const TRIGGERS = {
  wall_posts_fts_insert: `create trigger wall_posts_fts_insert after insert on wall_posts begin
      insert into ${WALL_FTS} (rowid, title, text) values (new.id, new.title, new.text); end`,
  wall_posts_fts_delete: `create trigger wall_posts_fts_delete after delete on wall_posts begin
      insert into ${WALL_FTS} (${WALL_FTS}, rowid, title, text) values ('delete', old.id, old.title, old.text); end`,
  wall_posts_fts_update: `create trigger wall_posts_fts_update after update of title, text on wall_posts begin
      insert into ${WALL_FTS} (${WALL_FTS}, rowid, title, text) values ('delete', old.id, old.title, old.text);
      insert into ${WALL_FTS} (rowid, title, text) values (new.id, new.title, new.text); end`,
};

/** A post's language and theme as words of the newest-order index's `facets` column (hex, so any tag is one word). */
const facetsSql = (row: string) => `('l' || hex(coalesce(${row}language, '')) || ' t' || hex(coalesce(${row}theme, '')))`;
export const languageFacet = (language: string) => `l${Buffer.from(language, 'utf8').toString('hex')}`;
export const themeFacet = (theme: string) => `t${Buffer.from(theme, 'utf8').toString('hex')}`;

const NEWEST_COLUMNS = 'rowid, title, text, facets, post_id';
const newestValues = (row: string) => `${orderKeySql(row)}, ${row}title, ${row}text, ${facetsSql(row)}, ${row}id`;
const NEWEST_TRIGGERS = {
  wall_posts_fts_newest_insert: `create trigger wall_posts_fts_newest_insert after insert on wall_posts when new.moderation_status = 'approved' begin
      insert into ${WALL_FTS_NEWEST} (${NEWEST_COLUMNS}) values (${newestValues('new.')}); end`,
  wall_posts_fts_newest_delete: `create trigger wall_posts_fts_newest_delete after delete on wall_posts when old.moderation_status = 'approved' begin
      delete from ${WALL_FTS_NEWEST} where rowid = ${orderKeySql('old.')}; end`,
  wall_posts_fts_newest_update: `create trigger wall_posts_fts_newest_update after update of title, text, moderation_status, approved_at, language, theme on wall_posts begin
      delete from ${WALL_FTS_NEWEST} where old.moderation_status = 'approved' and rowid = ${orderKeySql('old.')};
      insert into ${WALL_FTS_NEWEST} (${NEWEST_COLUMNS}) select ${newestValues('new.')} where new.moderation_status = 'approved'; end`,
};

/**
 * Makes the search index at boot, after Strapi has synced its tables (it leaves tables and indexes it never made
 * alone). SQLite: the FTS5 table and the triggers that keep it in step with every write to wall_posts, whoever makes
 * it (the API, the panel, a seed script); when the table or a trigger was missing (a first boot, or Strapi rebuilt
 * wall_posts to change a column, which drops its triggers) the index is rebuilt from the rows. PostgreSQL: a GIN
 * expression index, which the database keeps in step itself.
 */
export async function ensureWallSearch(strapi: Core.Strapi): Promise<void> {
  const knex = strapi.db.connection;
  if (strapi.db.dialect.client === 'postgres') {
    await knex.raw(`create index if not exists ${WALL_SEARCH_INDEX} on wall_posts using gin (${PG_DOCUMENT})`);
    return;
  }
  const present: { name: string }[] = await knex('sqlite_master')
    .select('name')
    .whereIn('name', [WALL_FTS, ...Object.keys(TRIGGERS)]);
  const names = new Set(present.map((row) => row.name));
  const missing = [WALL_FTS, ...Object.keys(TRIGGERS)].filter((name) => !names.has(name));
  if (missing.length) {
    await knex.transaction(async (trx) => {
      if (!names.has(WALL_FTS))
        await trx.raw(`create virtual table ${WALL_FTS} using fts5(title, text, content='wall_posts', content_rowid='id', tokenize="${FTS_TOKENIZER}")`);
      for (const [name, sql] of Object.entries(TRIGGERS)) if (!names.has(name)) await trx.raw(sql);
      await trx.raw(`insert into ${WALL_FTS} (${WALL_FTS}) values ('rebuild')`);
    });
    strapi.log.info(`wall search: ${missing.join(', ')} made; the index was rebuilt from the posts`);
  }
  await ensureNewestSearch(strapi);
}

/** The newest-order index (WALL_FTS_NEWEST) and its triggers; refilled from the approved posts when one was missing. */
async function ensureNewestSearch(strapi: Core.Strapi): Promise<void> {
  const knex = strapi.db.connection;
  const wanted = [WALL_FTS_NEWEST, ...Object.keys(NEWEST_TRIGGERS)];
  const present: { name: string }[] = await knex('sqlite_master').select('name').whereIn('name', wanted);
  const names = new Set(present.map((row) => row.name));
  const missing = wanted.filter((name) => !names.has(name));
  if (!missing.length) return;
  await knex.transaction(async (trx) => {
    if (names.has(WALL_FTS_NEWEST)) await trx.raw(`insert into ${WALL_FTS_NEWEST} (${WALL_FTS_NEWEST}) values ('delete-all')`);
    else
      await trx.raw(
        `create virtual table ${WALL_FTS_NEWEST} using fts5(title, text, facets, post_id unindexed, content='', contentless_delete=1, contentless_unindexed=1, tokenize="${FTS_TOKENIZER}", prefix='${FTS_PREFIXES}')`,
      );
    for (const [name, sql] of Object.entries(NEWEST_TRIGGERS)) if (!names.has(name)) await trx.raw(sql);
    await trx.raw(`insert into ${WALL_FTS_NEWEST} (${NEWEST_COLUMNS}) select ${newestValues('')} from wall_posts where moderation_status = 'approved'`);
  });
  strapi.log.info(`wall search: ${missing.join(', ')} made; the newest-order index was filled from the approved posts`);
}

/** A subquery of the ids of posts whose title or text has these words, for `where: { id: { $in: … } }`. */
export function idsMatching(strapi: Core.Strapi, words: string[]) {
  const knex = strapi.db.connection;
  if (strapi.db.dialect.client === 'postgres')
    return knex('wall_posts')
      .select('id')
      .whereRaw(`${PG_DOCUMENT} @@ to_tsquery('simple', ?)`, [tsQuery(words)]);
  return knex(WALL_FTS)
    .select('rowid')
    .whereRaw(`${WALL_FTS} match ?`, [ftsQuery(words)]);
}

/**
 * FTS5 MATCH text of the newest-order index: the words in the title or text, and the language's and theme's words in
 * `facets` when the search is filtered by them.
 */
export const newestFtsQuery = (words: string[], { language, theme }: { language?: string; theme?: string } = {}) =>
  [
    `{title text} : (${ftsQuery(words)})`,
    ...(language ? [`facets : "${languageFacet(language)}"`] : []),
    ...(theme ? [`facets : "${themeFacet(theme)}"`] : []),
  ].join(' AND ');

const newestReads = new WeakMap<Core.Strapi, ReturnType<typeof preparedReads>>();

/**
 * The ids of one page of approved posts with these words (and language and theme) in the newest order (SQLite,
 * WALL_FTS_NEWEST), and one more when there is a next page: after the cursor (approval time in ms and id) or after
 * `offset` posts. The index is read newest first and stops at `limit` rows. A prepared statement (lib/prepared.ts):
 * the words, language and theme are one bound MATCH text.
 */
export async function newestMatchingIds(
  strapi: Core.Strapi,
  words: string[],
  {
    after,
    offset = 0,
    limit,
    language,
    theme,
  }: { after?: { approvedAt: number; id: number }; offset?: number; limit: number; language?: string; theme?: string },
): Promise<number[]> {
  let read = newestReads.get(strapi);
  if (!read) newestReads.set(strapi, (read = preparedReads(strapi, { postgres: false })));
  const before = after ? ` and rowid < cast(? as integer) * ${ORDER_KEY_SPAN} + cast(? as integer) % ${ORDER_KEY_SPAN}` : '';
  const sql = `select post_id as id from ${WALL_FTS_NEWEST} where ${WALL_FTS_NEWEST} match ?${before} order by rowid desc limit ? offset ?`;
  const params = [newestFtsQuery(words, { language, theme }), ...(after ? [after.approvedAt, after.id] : []), limit, offset];
  const rows = await read<{ id: number | string }>(sql, params, async () => strapi.db.connection.raw(sql, params) as never);
  return rows.map((row) => Number(row.id));
}
