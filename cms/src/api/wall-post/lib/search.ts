// Searching the wall's titles and poems: SQLite FTS5 on the embedded default, PostgreSQL full-text search on the scale
// path, one API. Both hold words whole with their marks (Devanagari vowel signs, Arabic harakat) and fold case; every
// word of a search must be the beginning of a word of the poem. The words come from `searchWords` (shared), so they
// hold only letters, marks and digits: nothing in them can be read as query syntax by either database.
import type { Core } from '@strapi/strapi';

/** The FTS5 table over wall_posts (external content: it stores only the index, the rows stay in wall_posts). */
export const WALL_FTS = 'wall_posts_fts';
/** The PostgreSQL GIN index over the same text. */
export const WALL_SEARCH_INDEX = 'wall_posts_search';
/** The text both indexes hold, as PostgreSQL computes it (the query must repeat the expression to use the index). */
export const PG_DOCUMENT = "to_tsvector('simple'::regconfig, coalesce(title, '') || ' ' || coalesce(text, ''))";

/**
 * unicode61 splits words at characters outside its categories; the default leaves out marks (M*), which would cut
 * Hindi words at each vowel sign. With M* a word keeps its marks, as PostgreSQL's parser keeps them.
 */
const FTS_TOKENIZER = "unicode61 remove_diacritics 2 categories 'L* N* Co M*'";

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
  if (!missing.length) return;
  await knex.transaction(async (trx) => {
    if (!names.has(WALL_FTS))
      await trx.raw(`create virtual table ${WALL_FTS} using fts5(title, text, content='wall_posts', content_rowid='id', tokenize="${FTS_TOKENIZER}")`);
    for (const [name, sql] of Object.entries(TRIGGERS)) if (!names.has(name)) await trx.raw(sql);
    await trx.raw(`insert into ${WALL_FTS} (${WALL_FTS}) values ('rebuild')`);
  });
  strapi.log.info(`wall search: ${missing.join(', ')} made; the index was rebuilt from the posts`);
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
