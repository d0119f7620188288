import { createHash } from 'node:crypto';
import type { Core } from '@strapi/strapi';

export type PreparedParams = (string | number | null)[];

interface SqliteStatement {
  all(...params: PreparedParams): unknown[];
}
interface SqliteConnection {
  prepare(sql: string): SqliteStatement;
}
interface PgConnection {
  query(query: { name: string; text: string; values: PreparedParams }): Promise<{ rows: unknown[] }>;
}

/** `?` placeholders (SQLite's, knex's) as PostgreSQL's `$1, $2, …`. The SQL holds no `?` of its own. */
const dollars = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

/**
 * A list of ids as one parameter of a prepared SQLite read: `id in ${IDS_IN}` with `JSON.stringify(ids)` bound, so
 * one statement serves any number of ids (SQLite only: pass `{ postgres: false }`).
 */
export const IDS_IN = '(select value from json_each(?))';

/**
 * A read a hot route makes on every request (the bell's page and unread count), prepared once per database
 * connection and reused: knex prepares every statement again (better-sqlite3: about 0.7 ms of the request thread per
 * query on the bench's profile), and Strapi's query engine adds its own parsing of the query object on top.
 * SQLite: the better-sqlite3 statement is kept per connection (a WeakMap on it). PostgreSQL: a named query, which
 * node-postgres prepares on each pooled connection at its first use and reuses after. The connection comes from
 * knex's pool and goes back to it, as any query's does. Inside a transaction the caller's `fallback` runs instead (a
 * read must see the transaction's own writes, and SQLite's one connection is the transaction's).
 * `sql` is plain SQL with `?` placeholders and no user text in it: table and column names from Strapi's metadata.
 */
export function preparedRead<Row>(
  strapi: Core.Strapi,
  sql: string,
  fallback: (params: PreparedParams) => Promise<Row[]>,
  { postgres = true }: { postgres?: boolean } = {},
) {
  const statements = new WeakMap<object, SqliteStatement>();
  const name = `writory_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`;
  const text = dollars(sql);

  return async (params: PreparedParams): Promise<Row[]> => {
    const dialect = strapi.db.dialect.client;
    if (strapi.db.inTransaction() || (dialect !== 'sqlite' && !(postgres && dialect === 'postgres'))) return fallback(params);
    // Reported as knex reports its own queries, so whoever listens (debug logs, the tests' query plans) still sees it.
    (strapi.db.connection as unknown as { emit(event: 'query', query: { sql: string; bindings: PreparedParams; method: 'select' }): void }).emit('query', {
      sql,
      bindings: params,
      method: 'select',
    });
    const client = strapi.db.connection.client;
    const connection = await client.acquireConnection();
    try {
      if (dialect === 'postgres') return (await (connection as PgConnection).query({ name, text, values: params })).rows as Row[];
      let statement = statements.get(connection);
      if (!statement) statements.set(connection, (statement = (connection as SqliteConnection).prepare(sql)));
      return statement.all(...params) as Row[];
    } finally {
      client.releaseConnection(connection);
    }
  };
}

/**
 * Prepared reads whose SQL takes one of a few shapes (filters present or not, a cursor or an offset): one
 * `preparedRead` per distinct SQL text, made at its first use; each call's own `fallback` runs where a prepared read
 * does not (a transaction, another database). The texts come from the caller's code, never from a request, so they
 * are few.
 */
export function preparedReads(strapi: Core.Strapi, options: { postgres?: boolean } = {}) {
  type Fallback = (params: PreparedParams) => Promise<unknown[]>;
  const reads = new Map<string, { read: (params: PreparedParams) => Promise<unknown[]>; fallback: { current: Fallback } }>();
  return <Row>(sql: string, params: PreparedParams, fallback: (params: PreparedParams) => Promise<Row[]>): Promise<Row[]> => {
    let entry = reads.get(sql);
    if (!entry) {
      const current = { current: fallback as Fallback };
      entry = { read: preparedRead<unknown>(strapi, sql, (p) => current.current(p), options), fallback: current };
      reads.set(sql, entry);
    }
    // Set just before the call: preparedRead decides at once whether it falls back (nothing awaits in between).
    entry.fallback.current = fallback as Fallback;
    return entry.read(params) as Promise<Row[]>;
  };
}
