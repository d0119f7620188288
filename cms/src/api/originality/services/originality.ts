import type { Core } from '@strapi/strapi';
import { preparedRead, type PreparedParams } from '../../../lib/prepared';
import { BANDS, DEFAULT_THRESHOLD, bandKeys, signature, similarity } from '../lib/fingerprint';
import type { SimilarText, TextKind } from '../types';

const FINGERPRINT = 'api::originality.fingerprint';
const BAND = 'api::originality.fingerprint-band';
const MAX_CANDIDATES = 500;
/** Band rows read at most per lookup (a text repeated thousands of times must not make it read them all). */
const MAX_BAND_HITS = MAX_CANDIDATES * 4;

export type { SimilarText, TextKind };

export interface FindSimilarOptions {
  excludeKind?: TextKind;
  excludeRefId?: number;
  threshold?: number;
  limit?: number;
  /** The text's signature when it was already computed (an entry's, in the worker pool). */
  signature?: number[] | null;
}

/**
 * Originality flag for judges and moderators: remembers the texts of entries and wall posts and finds earlier
 * near-duplicates of a new one. A flag only: it never rejects anything by itself.
 */
interface CandidateRow {
  kind: TextKind;
  refId: number;
  /** JSON text on SQLite, already parsed on PostgreSQL. */
  signature: number[] | string;
}

/**
 * The lookup as one indexed query: the band rows sharing a key with the text (the key index; at most MAX_BAND_HITS),
 * the texts they belong to ranked by how many bands they share (the likeliest near-duplicates first, at most
 * MAX_CANDIDATES), and those texts' signatures (the unique (kind, ref_id) index). `exclude`: the variant that leaves
 * one text out (a wall post compared with everything but itself). Prepared once per connection (lib/prepared.ts);
 * inside a transaction the same SQL runs on the transaction's connection.
 */
function lookupSql(strapi: Core.Strapi, exclude: boolean): string {
  const names = (uid: typeof FINGERPRINT | typeof BAND) => {
    const { tableName, attributes } = strapi.db.metadata.get(uid);
    return { table: `"${tableName}"`, column: (name: string) => `"${(attributes[name] as { columnName?: string }).columnName ?? name}"` };
  };
  const band = names(BAND);
  const print = names(FINGERPRINT);
  const keys = Array.from({ length: BANDS }, () => '?').join(', ');
  const hits = `select ${band.column('kind')} as "kind", ${band.column('refId')} as "refId" from ${band.table} where ${band.column('key')} in (${keys})${
    exclude ? ` and not (${band.column('kind')} = ? and ${band.column('refId')} = ?)` : ''
  } limit ${MAX_BAND_HITS}`;
  const ranked = `select "kind", "refId", count(*) as "shared" from (${hits}) as "hits" group by "kind", "refId" order by "shared" desc limit ${MAX_CANDIDATES}`;
  const stored = (name: string) => `${print.table}.${print.column(name)}`;
  return `select ${stored('kind')} as "kind", ${stored('refId')} as "refId", ${stored('signature')} as "signature" from (${ranked}) as "candidates" join ${print.table} on ${stored('kind')} = "candidates"."kind" and ${stored('refId')} = "candidates"."refId"`;
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const fingerprints = () => strapi.db.query(FINGERPRINT);
  const bands = () => strapi.db.query(BAND);
  /** The same SQL on the caller's transaction (its writes visible, SQLite's one connection its own). */
  const inTransaction =
    (sql: string) =>
    async (params: PreparedParams): Promise<CandidateRow[]> => {
      const result = await strapi.db.transaction(({ trx }) => trx.raw(sql, params));
      return (Array.isArray(result) ? result : (result as { rows: CandidateRow[] }).rows) as CandidateRow[];
    };
  let lookups: { all: (params: PreparedParams) => Promise<CandidateRow[]>; excluding: (params: PreparedParams) => Promise<CandidateRow[]> } | null = null;
  const lookup = () => {
    if (!lookups) {
      const all = lookupSql(strapi, false);
      const excluding = lookupSql(strapi, true);
      lookups = { all: preparedRead(strapi, all, inTransaction(all)), excluding: preparedRead(strapi, excluding, inTransaction(excluding)) };
    }
    return lookups;
  };

  async function remove(kind: TextKind, refId: number): Promise<void> {
    await strapi.db.transaction(async () => {
      await bands().deleteMany({ where: { kind, refId } });
      await fingerprints().deleteMany({ where: { kind, refId } });
    });
  }

  return {
    /** Stores (or replaces) the fingerprint of a text (`sig`: its signature, when already computed); joins the caller's transaction when there is one. */
    async register(kind: TextKind, refId: number, text: string, sig: number[] | null = signature(text)): Promise<void> {
      await strapi.db.transaction(async () => {
        await remove(kind, refId);
        if (!sig) return;
        await fingerprints().create({ data: { kind, refId, signature: sig } });
        await bands().createMany({ data: bandKeys(sig).map((key) => ({ key, kind, refId })) });
      });
    },

    remove,

    /** Earlier texts most like this one, most similar first: one indexed query (lookupSql), then the signatures compared. */
    async findSimilar(text: string, options: FindSimilarOptions = {}): Promise<SimilarText[]> {
      const { excludeKind, excludeRefId, threshold = DEFAULT_THRESHOLD, limit = 5 } = options;
      const sig = options.signature === undefined ? signature(text) : options.signature;
      if (!sig) return [];
      const keys = bandKeys(sig);
      const rows =
        excludeKind !== undefined && excludeRefId !== undefined ? await lookup().excluding([...keys, excludeKind, excludeRefId]) : await lookup().all(keys);
      return rows
        .map((row) => ({
          kind: row.kind,
          refId: Number(row.refId),
          similarity: similarity(sig, typeof row.signature === 'string' ? JSON.parse(row.signature) : row.signature),
        }))
        .filter((row) => row.similarity >= threshold)
        .sort((a, b) => b.similarity - a.similarity)
        .slice(0, limit);
    },
  };
};
