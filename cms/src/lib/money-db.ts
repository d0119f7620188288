// Database helpers for balances: the current transaction's knex, integer sums, and a lock that makes
// "check the balance, then debit it" one step for concurrent requests.
import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';

/** Lock namespaces (the first key of PostgreSQL's two-key advisory locks). */
export const LOCK = { userMoney: 7301, coupon: 7302 } as const;

/** The knex of the running transaction, or the plain connection outside one. */
export async function knexOf(strapi: Core.Strapi): Promise<Knex> {
  if (!strapi.db.inTransaction()) return strapi.db.connection;
  // Inside a transaction, transaction() without a callback hands back the current one (nothing new begins).
  return (await strapi.db.transaction()).get() as Knex;
}

/**
 * Serialises balance checks on one key until the current transaction ends.
 * PostgreSQL: a transaction-scoped advisory lock (released at commit or rollback).
 * SQLite: Strapi's knex pool has a single connection, so transactions already run one at a time; nothing to add.
 */
export async function lockFor(strapi: Core.Strapi, namespace: number, id: number): Promise<void> {
  if (!strapi.db.inTransaction()) throw new Error('lockFor() must run inside strapi.db.transaction()');
  if (strapi.db.dialect.client !== 'postgres') return;
  const trx = await knexOf(strapi);
  await trx.raw('select pg_advisory_xact_lock(?, ?)', [namespace, id]);
}

/** SUM() as a JavaScript integer (PostgreSQL answers bigint sums as strings; no rows → 0). */
export function integerSum(value: unknown): number {
  const sum = Number(value ?? 0);
  if (!Number.isSafeInteger(sum)) throw new Error(`sum is not a safe integer: ${String(value)}`);
  return sum;
}

/** The table name of a content type (what raw aggregate queries read). */
export const tableOf = (strapi: Core.Strapi, uid: string) => strapi.db.metadata.get(uid as never).tableName;

/** A database datetime column value as an ISO string (SQLite may hand back epoch milliseconds). */
export function isoOf(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : (value as string | number));
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
