// Bulk statements for publications that touch thousands of rows: one multi-row INSERT per chunk instead of
// one ORM call per row. Rows are written as the document service would write them (document id, timestamps).
import { randomBytes } from 'node:crypto';
import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';

const CHUNK = 400;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A 24-character document id like Strapi's own. */
export function documentId(): string {
  const bytes = randomBytes(24);
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
}

function metadataOf(strapi: Core.Strapi, uid: string) {
  return strapi.db.metadata.get(uid as any) as unknown as {
    tableName: string;
    attributes: Record<string, { type: string; columnName?: string; joinTable?: LinkTable }>;
  };
}

interface LinkTable {
  name: string;
  joinColumn: { name: string };
  inverseJoinColumn: { name: string };
}

export const tableOf = (strapi: Core.Strapi, uid: string) => metadataOf(strapi, uid).tableName;

/** Column name of an attribute (createdAt → created_at). */
export function columnOf(strapi: Core.Strapi, uid: string, attribute: string): string {
  const attr = metadataOf(strapi, uid).attributes[attribute];
  if (!attr) throw new Error(`${uid} has no attribute ${attribute}`);
  return attr.columnName ?? attribute;
}

/** The link table of a relation: `table`, the column naming the owner row (`own`) and the target row (`target`). */
export function linkOf(strapi: Core.Strapi, uid: string, relation: string) {
  const join = metadataOf(strapi, uid).attributes[relation]?.joinTable;
  if (!join) throw new Error(`${uid}.${relation} is not a relation with a link table`);
  return { table: join.name, own: join.joinColumn.name, target: join.inverseJoinColumn.name };
}

/** Inserts rows given by attribute name, in chunks, on the given transaction. */
export async function bulkInsert(strapi: Core.Strapi, trx: Knex.Transaction, uid: string, rows: Record<string, unknown>[]): Promise<void> {
  if (!rows.length) return;
  const meta = metadataOf(strapi, uid);
  const now = new Date();
  const columns = new Map<string, string>();
  for (const key of Object.keys(rows[0])) {
    const attr = meta.attributes[key];
    if (!attr) throw new Error(`${uid} has no attribute ${key}`);
    columns.set(key, attr.columnName ?? key);
  }
  const toDb = (key: string, value: unknown) => (meta.attributes[key].type === 'json' && value !== null && value !== undefined ? JSON.stringify(value) : value);
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK).map((row) => {
      const out: Record<string, unknown> = { document_id: documentId(), created_at: now, updated_at: now, published_at: now };
      for (const [key, column] of columns) out[column] = toDb(key, row[key] ?? null);
      return out;
    });
    await trx(meta.tableName).insert(chunk);
  }
}
