// The plans of the queries a piece of work sends: each SELECT is captured as it runs, then explained by the
// database itself (SQLite: EXPLAIN QUERY PLAN; PostgreSQL: EXPLAIN with sequential scans priced out, so a test's
// small tables still show whether an index can serve the query).
import type { Core } from '@strapi/strapi';

export interface QueryPlan {
  sql: string;
  plan: string;
}

type Knex = Core.Strapi['db']['connection'];

async function explain(knex: Knex, postgres: boolean, sql: string, bindings: unknown[]): Promise<string> {
  if (!postgres) {
    const rows: { detail: string }[] = await knex.raw(`explain query plan ${sql}`, bindings as never);
    return rows.map((row) => row.detail).join('\n');
  }
  return knex.transaction(async (trx) => {
    await trx.raw('set local enable_seqscan = off');
    const result = await trx.raw(`explain ${sql.replace(/\$\d+/g, '?')}`, bindings as never);
    return result.rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n');
  });
}

/** Runs `work` and returns the plan of every SELECT it sent (in order). */
export async function plansOf(strapi: Core.Strapi, work: () => Promise<unknown>): Promise<QueryPlan[]> {
  const knex = strapi.db.connection;
  const captured: { sql: string; bindings: unknown[] }[] = [];
  const listener = (query: { sql: string; bindings?: unknown[] }) => {
    if (/^\s*select/i.test(query.sql)) captured.push({ sql: query.sql, bindings: query.bindings ?? [] });
  };
  knex.on('query', listener);
  try {
    await work();
  } finally {
    knex.removeListener('query', listener);
  }
  const postgres = strapi.db.dialect.client === 'postgres';
  const plans: QueryPlan[] = [];
  for (const query of captured) plans.push({ sql: query.sql, plan: await explain(knex, postgres, query.sql, query.bindings) });
  return plans;
}

/** True when the plan reads a whole table instead of an index (SQLite "SCAN t" without an index; PostgreSQL "Seq Scan"). */
export const scansATable = ({ plan }: QueryPlan) => /Seq Scan/.test(plan) || /^SCAN \S+$/m.test(plan);
