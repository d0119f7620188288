import { describe, expect, it } from 'vitest';
import { BANDS, SIGNATURE_LENGTH, bandKeys, normalise, shingles, signature, similarity } from './fingerprint';

const POEM = `I kept the lamp on for the rain,
as if the rain could lose its way
between the river and the lane
and knock, and ask if it could stay.`;

const sim = (a: string, b: string) => similarity(signature(a)!, signature(b)!);

describe('originality fingerprints', () => {
  it('ignore case, punctuation and spacing', () => {
    expect(normalise('  Hello,\n  WORLD!! ')).toBe('helloworld');
    expect(sim(POEM, POEM.toUpperCase().replace(/,/g, ';').replace(/\n/g, '\n\n'))).toBe(1);
  });

  it('rate a lightly edited copy as near, an unrelated poem as far', () => {
    const edited = POEM.replace('lamp', 'light').replace('lane', 'road');
    const other = `Salt on the windowsill, the gulls
arguing over a loaf of sky;
the harbour counts its painted hulls
and lets the evening ferry by.`;
    expect(sim(POEM, edited)).toBeGreaterThan(0.6);
    expect(sim(POEM, other)).toBeLessThan(0.2);
  });

  it.each([
    ['Arabic', 'أبقيت المصباح مضاءً للمطر كأن المطر قد يضل طريقه بين النهر والزقاق', 'أبقيت المصباح مضاءً للمطر، كأنّ المطر قد يضل طريقه بين النهر والزقاق!'],
    ['Hindi', 'मैंने बारिश के लिए दीया जलाए रखा जैसे बारिश नदी और गली के बीच रास्ता भूल जाए', 'मैंने बारिश के लिए दीया जलाए रखा, जैसे बारिश नदी और गली के बीच रास्ता भूल जाए।'],
    [
      'Japanese',
      '雨のために灯りをつけておいた川と路地のあいだで雨が道に迷うかのように',
      '雨のために灯りをつけておいた。川と路地のあいだで、雨が道に迷うかのように。',
    ],
  ])('work for %s, spaces or none', (_script, a, b) => {
    expect(sim(a, b)).toBeGreaterThan(0.9);
  });

  it('have no signature for text without letters or digits', () => {
    expect(signature('  ... !!! \n')).toBeNull();
    expect(shingles('ab').size).toBe(1);
  });

  it('give one lookup key per band, shared by identical texts', () => {
    const sig = signature(POEM)!;
    expect(sig).toHaveLength(SIGNATURE_LENGTH);
    const keys = bandKeys(sig);
    expect(keys).toHaveLength(BANDS);
    expect(bandKeys(signature(POEM.toLowerCase())!)).toEqual(keys);
    expect(keys.every((key) => key.length <= 16)).toBe(true);
  });
});
