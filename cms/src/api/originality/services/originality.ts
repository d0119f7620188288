import type { Core } from '@strapi/strapi';
import { DEFAULT_THRESHOLD, bandKeys, signature, similarity } from '../lib/fingerprint';
import type { SimilarText, TextKind } from '../types';

const FINGERPRINT = 'api::originality.fingerprint';
const BAND = 'api::originality.fingerprint-band';
const MAX_CANDIDATES = 500;

export type { SimilarText, TextKind };

export interface FindSimilarOptions {
  excludeKind?: TextKind;
  excludeRefId?: number;
  threshold?: number;
  limit?: number;
  /** The text's signature when it was already computed (an entry's, in the worker pool). */
  signature?: number[] | null;
}

function byKind(texts: Iterable<{ kind: TextKind; refId: number }>) {
  const ids = new Map<TextKind, number[]>();
  for (const { kind, refId } of texts) {
    if (!ids.has(kind)) ids.set(kind, []);
    ids.get(kind)!.push(refId);
  }
  return [...ids].map(([kind, refIds]) => ({ kind, refId: { $in: refIds } }));
}

/**
 * Originality flag for judges and moderators: remembers the texts of entries and wall posts and finds earlier
 * near-duplicates of a new one. A flag only: it never rejects anything by itself.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const fingerprints = () => strapi.db.query(FINGERPRINT);
  const bands = () => strapi.db.query(BAND);

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

    /** Earlier texts most like this one, most similar first. */
    async findSimilar(text: string, options: FindSimilarOptions = {}): Promise<SimilarText[]> {
      const { excludeKind, excludeRefId, threshold = DEFAULT_THRESHOLD, limit = 5 } = options;
      const sig = options.signature === undefined ? signature(text) : options.signature;
      if (!sig) return [];
      const hits: { kind: TextKind; refId: number }[] = await bands().findMany({
        select: ['kind', 'refId'],
        where: { key: { $in: bandKeys(sig) } },
        limit: MAX_CANDIDATES * 4,
      });
      const candidates = new Map<string, { kind: TextKind; refId: number }>();
      for (const hit of hits) {
        if (hit.kind === excludeKind && hit.refId === excludeRefId) continue;
        candidates.set(`${hit.kind}:${hit.refId}`, hit);
        if (candidates.size >= MAX_CANDIDATES) break;
      }
      if (candidates.size === 0) return [];
      const rows: { kind: TextKind; refId: number; signature: number[] }[] = await fingerprints().findMany({
        select: ['kind', 'refId', 'signature'],
        where: { $or: byKind(candidates.values()) },
      });
      return rows
        .map((row) => ({ kind: row.kind, refId: row.refId, similarity: similarity(sig, row.signature) }))
        .filter((row) => row.similarity >= threshold)
        .sort((a, b) => b.similarity - a.similarity)
        .slice(0, limit);
    },
  };
};
