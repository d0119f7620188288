// Bulk statements for publications that touch thousands of rows: one multi-row INSERT per chunk instead of
// one ORM call per row. Rows are written as the document service would write them (document id, timestamps).
import { randomBytes } from 'node:crypto';
import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';

const CHUNK = 400;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

const randomText = (length: number) => Array.from(randomBytes(length), (b) => ALPHABET[b % ALPHABET.length]).join('');

/** Document ids for a batch of rows: a random 16-character stem shared by the batch and an 8-character counter. */
function documentIds(count: number): string[] {
  const stem = randomText(16);
  return Array.from({ length: count }, (_, i) => `${stem}${i.toString(36).padStart(8, '0')}`);
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
  const json = new Set([...columns.keys()].filter((key) => meta.attributes[key].type === 'json'));
  const toDb = (key: string, value: unknown) => (value === undefined || value === null ? null : json.has(key) ? JSON.stringify(value) : value);
  const ids = documentIds(rows.length);
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK).map((row, j) => {
      const out: Record<string, unknown> = { document_id: ids[i + j], created_at: now, updated_at: now, published_at: now };
      for (const [key, column] of columns) out[column] = toDb(key, row[key]);
      return out;
    });
    await trx(meta.tableName).insert(chunk);
  }
}
