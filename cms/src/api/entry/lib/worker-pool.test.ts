import { describe, expect, it } from 'vitest';
import { checkLimits, workerPoolConfig, RETRY_AFTER_SECONDS, retryAfterSeconds } from './worker-pool';

describe('workerPoolConfig', () => {
  it.each([
    ['one worker per core and four waiting places per worker, at least eight', {}, 4, { workers: 4, queue: 16 }],
    ['one worker on a single core', {}, 1, { workers: 1, queue: 8 }],
    ['both set', { EXTRACTION_WORKERS: '3', EXTRACTION_QUEUE: '0' }, 2, { workers: 3, queue: 0 }],
    ['blank values are the defaults', { EXTRACTION_WORKERS: ' ', EXTRACTION_QUEUE: '' }, 2, { workers: 2, queue: 8 }],
  ])('%s', (_, env, cores, expected) => {
    expect(workerPoolConfig(env, cores)).toEqual(expected);
  });

  it.each(['-1', 'two', '1.5', '4 workers'])('refuses EXTRACTION_WORKERS=%s, naming the variable', (value) => {
    expect(() => workerPoolConfig({ EXTRACTION_WORKERS: value }, 2)).toThrow(/EXTRACTION_WORKERS must be a whole number/);
    expect(() => workerPoolConfig({ EXTRACTION_QUEUE: value }, 2)).toThrow(/EXTRACTION_QUEUE must be a whole number/);
  });

  it('refuses EXTRACTION_WORKERS=0: poems are never checked on the request thread', () => {
    expect(() => workerPoolConfig({ EXTRACTION_WORKERS: '0' }, 2)).toThrow(/EXTRACTION_WORKERS must be a whole number of 1 or more/);
  });
});

describe('checkLimits', () => {
  it('defaults to 20 s a check, 512 MB a worker and 120 s of checks per account in 10 minutes', () => {
    expect(checkLimits({})).toEqual({ taskMs: 20_000, workerMemoryMb: 512, accountMs: 120_000 });
  });

  it('reads each from the environment', () => {
    expect(checkLimits({ EXTRACTION_TASK_SECONDS: '5', EXTRACTION_WORKER_MEMORY_MB: '256', EXTRACTION_ACCOUNT_SECONDS: '30' })).toEqual({
      taskMs: 5000,
      workerMemoryMb: 256,
      accountMs: 30_000,
    });
  });

  it.each([
    ['EXTRACTION_TASK_SECONDS', '0'],
    ['EXTRACTION_TASK_SECONDS', '1.5'],
    ['EXTRACTION_WORKER_MEMORY_MB', '32'],
    ['EXTRACTION_ACCOUNT_SECONDS', 'lots'],
  ])('refuses %s=%s, naming the variable and the least value', (name, value) => {
    expect(() => checkLimits({ [name]: value })).toThrow(new RegExp(`${name} must be a whole number of \\d+ or more`));
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
