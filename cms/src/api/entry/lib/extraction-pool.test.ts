import { describe, expect, it } from 'vitest';
import { extractionPoolConfig, RETRY_AFTER_SECONDS, retryAfterSeconds } from './extraction-pool';

describe('extractionPoolConfig', () => {
  it.each([
    ['one worker per core and four waiting places per worker, at least eight', {}, 4, { workers: 4, queue: 16 }],
    ['one worker on a single core', {}, 1, { workers: 1, queue: 8 }],
    ['EXTRACTION_WORKERS=0: the request thread checks poems', { EXTRACTION_WORKERS: '0' }, 4, { workers: 0, queue: 8 }],
    ['both set', { EXTRACTION_WORKERS: '3', EXTRACTION_QUEUE: '0' }, 2, { workers: 3, queue: 0 }],
    ['blank values are the defaults', { EXTRACTION_WORKERS: ' ', EXTRACTION_QUEUE: '' }, 2, { workers: 2, queue: 8 }],
  ])('%s', (_, env, cores, expected) => {
    expect(extractionPoolConfig(env, cores)).toEqual(expected);
  });

  it.each(['-1', 'two', '1.5', '4 workers'])('refuses EXTRACTION_WORKERS=%s, naming the variable', (value) => {
    expect(() => extractionPoolConfig({ EXTRACTION_WORKERS: value }, 2)).toThrow(/EXTRACTION_WORKERS must be a whole number/);
    expect(() => extractionPoolConfig({ EXTRACTION_QUEUE: value }, 2)).toThrow(/EXTRACTION_QUEUE must be a whole number/);
  });
});

describe('retryAfterSeconds', () => {
  it('is the work ahead at the mean pace, shared by the workers, in whole seconds', () => {
    expect(retryAfterSeconds(4, 2, 1500)).toBe(3);
    expect(retryAfterSeconds(1, 1, 2100)).toBe(3);
  });

  it(`stays between ${RETRY_AFTER_SECONDS.min} and ${RETRY_AFTER_SECONDS.max} seconds`, () => {
    expect(retryAfterSeconds(1, 4, 10)).toBe(RETRY_AFTER_SECONDS.min);
    expect(retryAfterSeconds(500, 1, 5000)).toBe(RETRY_AFTER_SECONDS.max);
  });
});
