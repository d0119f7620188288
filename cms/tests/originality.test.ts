// The originality service on the real cms and database: fingerprints stored, near-duplicates found across
// entries and wall posts, the text itself excluded, replaced and removed cleanly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCms, type TestCms } from './helpers/strapi';
import { bandKeys, signature } from '../src/api/originality/lib/fingerprint';

const POEM = `I kept the lamp on for the rain,
as if the rain could lose its way
between the river and the lane
and knock, and ask if it could stay.`;
const COPY = POEM.replace('lamp', 'light').replace(/\n/g, ' / ');
const OTHER = `Salt on the windowsill, the gulls
arguing over a loaf of sky;
the harbour counts its painted hulls
and lets the evening ferry by.`;
const THIRD = `The kettle learns the morning's name,
the stairwell hums a borrowed tune,
and every window holds the same
thin coin of an unfinished moon.`;

let cms: TestCms;
const originality = () => cms.strapi.service('api::originality.originality');
const count = (uid: string, where = {}) => cms.strapi.db.query(uid as any).count({ where });

beforeAll(async () => {
  cms = await startTestCms({ WRITORY_DEMO_DATA: 'false' });
});
afterAll(async () => {
  await cms?.stop();
});

describe('originality service', () => {
  it('finds an earlier near-duplicate of another kind, not unrelated texts, not the text itself', async () => {
    await originality().register('entry', 1, POEM);
    await originality().register('entry', 2, OTHER);
    await originality().register('wall-post', 7, COPY);

    const similar = await originality().findSimilar(COPY, { excludeKind: 'wall-post', excludeRefId: 7 });
    expect(similar).toHaveLength(1);
    expect(similar[0]).toMatchObject({ kind: 'entry', refId: 1 });
    expect(similar[0].similarity).toBeGreaterThan(0.6);

    expect(await originality().findSimilar('A completely different line about snow and bicycles in spring.')).toEqual([]);
  });

  it('replaces a text registered again and removes it without leftovers', async () => {
    await originality().register('entry', 3, POEM);
    await originality().register('entry', 3, OTHER);
    expect(await count('api::originality.fingerprint', { kind: 'entry', refId: 3 })).toBe(1);
    expect(await count('api::originality.fingerprint-band', { kind: 'entry', refId: 3 })).toBe(20);
    const matches = await originality().findSimilar(OTHER, { excludeKind: 'entry', excludeRefId: 2 });
    expect(matches.map((m: { refId: number }) => m.refId)).toEqual([3]);

    await originality().remove('entry', 3);
    expect(await count('api::originality.fingerprint', { kind: 'entry', refId: 3 })).toBe(0);
    expect(await count('api::originality.fingerprint-band', { kind: 'entry', refId: 3 })).toBe(0);
  });

  it('finds, within a transaction, a text registered earlier in the same transaction (the lookup runs on its connection)', async () => {
    const found = await cms.strapi.db.transaction(async () => {
      await originality().register('wall-post', 21, POEM);
      return originality().findSimilar(COPY, { excludeKind: 'wall-post', excludeRefId: 22 });
    });
    expect(found.map((m: { kind: string; refId: number }) => `${m.kind}:${m.refId}`)).toContain('wall-post:21');
    await originality().remove('wall-post', 21);
  });

  it('ranks the candidates by the bands they share, so a near-duplicate is found among many texts that share one band', async () => {
    // 600 texts sharing exactly one band key with the poem (more than the lookup keeps as candidates), then its copy.
    const sig = signature(THIRD)!;
    const [firstKey] = bandKeys(sig);
    const bands = cms.strapi.db.query('api::originality.fingerprint-band' as any);
    const prints = cms.strapi.db.query('api::originality.fingerprint' as any);
    const unlike = sig.map((value, i) => (i < 5 ? value : (value + 1) >>> 0));
    await prints.createMany({ data: Array.from({ length: 600 }, (_, i) => ({ kind: 'wall-post', refId: 1000 + i, signature: unlike })) });
    await bands.createMany({ data: Array.from({ length: 600 }, (_, i) => ({ key: firstKey, kind: 'wall-post', refId: 1000 + i })) });
    await originality().register('entry', 31, THIRD);

    const found = await originality().findSimilar(THIRD);
    expect(found[0]).toMatchObject({ kind: 'entry', refId: 31, similarity: 1 });

    await bands.deleteMany({ where: { refId: { $gte: 1000 } } });
    await prints.deleteMany({ where: { refId: { $gte: 1000 } } });
    await originality().remove('entry', 31);
  });

  it('stores nothing for a text with no letters, and nothing when the caller’s transaction rolls back', async () => {
    await originality().register('wall-post', 8, ' ... !!! ');
    expect(await count('api::originality.fingerprint', { kind: 'wall-post', refId: 8 })).toBe(0);

    await expect(
      cms.strapi.db.transaction(async () => {
        await originality().register('wall-post', 9, POEM);
        throw new Error('the post could not be saved');
      }),
    ).rejects.toThrow('the post could not be saved');
    expect(await count('api::originality.fingerprint', { kind: 'wall-post', refId: 9 })).toBe(0);
    expect(await count('api::originality.fingerprint-band', { kind: 'wall-post', refId: 9 })).toBe(0);
  });
});
