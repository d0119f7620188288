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
  await strapi.db
    .connection(table)
    .transacting(trx as never)
    .where({ id })
    .forUpdate()
    .select('id');
}

/** PostgreSQL aborted the transaction to break a deadlock (40P01) or a serialization conflict (40001): it can run again. */
export function isTransientConflict(error: unknown): boolean {
  const { code, cause } = (error ?? {}) as { code?: string; cause?: { code?: string } };
  const sqlCode = code ?? cause?.code;
  return sqlCode === '40P01' || sqlCode === '40001';
}

/**
 * Runs a write that rolls back as a whole when it fails (one transaction, outside any other), again after a
 * short random pause when PostgreSQL aborted it as a deadlock victim. Strapi re-numbers a relation's order
 * column over every row that shares its target (all users of a role) when a link changes, so role changes
 * and sign-ups at the same moment can deadlock.
 */
export async function retryingConflicts<T>(write: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= attempts || !isTransientConflict(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10 * 2 ** attempt * (0.5 + Math.random())));
    }
  }
}

type JoinTable = { name: string; joinColumn: { name: string }; inverseJoinColumn: { name: string } };

/** The link table of a relation stored in one (Strapi's `<table>_<attribute>_lnk`). */
export function linkOf(strapi: Core.Strapi, uid: string, attribute: string): JoinTable {
  return (strapi.db.metadata.get(uid as never).attributes[attribute] as unknown as { joinTable: JoinTable }).joinTable;
}

/**
 * A subquery of the ids of `uid` rows whose relation `attribute` points at `targetId`, for `where: { id: { $in: … } }`.
 * Strapi filters a relation (`where: { poet: { id } }`) with a LEFT JOIN that SQLite runs by scanning the whole
 * table; this reads the link table by its indexed target column instead.
 */
export function idsLinkedTo(strapi: Core.Strapi, uid: string, attribute: string, targetId: number) {
  const link = linkOf(strapi, uid, attribute);
  return strapi.db.connection(link.name).select(link.joinColumn.name).where(link.inverseJoinColumn.name, targetId);
}
