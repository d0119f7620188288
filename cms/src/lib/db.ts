import type { Core } from '@strapi/strapi';

/** True when a database error is a unique constraint violation (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505' || /unique constraint|UNIQUE constraint failed|duplicate key/i.test(message ?? '');
}

/**
 * Inside a transaction: locks one row until it ends (SELECT … FOR UPDATE), so a count-then-write on
 * PostgreSQL cannot interleave with another one. SQLite runs one write transaction at a time: nothing to do.
 */
export async function lockRow(strapi: Core.Strapi, uid: string, id: number, trx: unknown): Promise<void> {
  if (strapi.db.dialect.client !== 'postgres') return;
  const table = strapi.db.metadata.get(uid as never).tableName;
  await strapi.db.connection(table).transacting(trx as never).where({ id }).forUpdate().select('id');
}
