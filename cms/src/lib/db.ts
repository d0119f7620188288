import type { Core } from '@strapi/strapi';

/** True when a database error is a unique constraint violation (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  const { code, message, cause } = (error ?? {}) as { code?: string; message?: string; cause?: { code?: string } };
  const sqlCode = code ?? cause?.code;
  return sqlCode === 'SQLITE_CONSTRAINT_UNIQUE' || sqlCode === '23505' || /unique constraint|UNIQUE constraint failed|duplicate key/i.test(message ?? '');
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
