import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueueFullError, WriteQueue } from './write-queue';

function queueWith(overrides: Partial<ConstructorParameters<typeof WriteQueue<number>>[0]> = {}) {
  const inserts: number[][] = [];
  const errors: unknown[] = [];
  const queue = new WriteQueue<number>({
    insert: async (rows) => {
      inserts.push([...rows]);
    },
    flushEveryMs: 1000,
    flushAtRows: 3,
    maxRows: 10,
    onError: (error) => errors.push(error),
    ...overrides,
  });
  return { queue, inserts, errors };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('WriteQueue', () => {
  it('waits for the timer below the row threshold, then writes everything in one insert', async () => {
    vi.useFakeTimers();
    const { queue, inserts } = queueWith();
    await queue.push(1);
    await queue.push(2);
    expect(inserts).toEqual([]);
    expect(queue.waiting).toBe(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(inserts).toEqual([[1, 2]]);
    expect(queue.waiting).toBe(0);
  });

  it('writes at once when the threshold is reached, in batches of at most flushAtRows', async () => {
    vi.useFakeTimers();
    const { queue, inserts } = queueWith();
    for (const row of [1, 2, 3, 4, 5, 6, 7]) await queue.push(row);
    // No timer needed for full batches; the last row waits for it.
    await vi.advanceTimersByTimeAsync(0);
    expect(inserts).toEqual([
      [1, 2, 3],
      [4, 5, 6],
    ]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(inserts).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
  });

  it('keeps rows whose insert failed and stores them at the next attempt', async () => {
    vi.useFakeTimers();
    let fail = true;
    const stored: number[] = [];
    const { queue, errors } = queueWith({
      insert: async (rows) => {
        if (fail) throw new Error('database is locked');
        stored.push(...rows);
      },
    });
    await queue.push(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(errors).toHaveLength(1);
    expect(queue.waiting).toBe(1);
    fail = false;
    await queue.push(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(stored).toEqual([1, 2]);
    expect(queue.waiting).toBe(0);
  });

  it('refuses rows beyond maxRows instead of growing without bound', async () => {
    const { queue } = queueWith({ insert: () => new Promise(() => undefined), flushAtRows: 100, maxRows: 2 });
    await queue.push(1);
    await queue.push(2);
    await expect(queue.push(3)).rejects.toBeInstanceOf(QueueFullError);
    expect(queue.waiting).toBe(2);
  });

  it('writes what is waiting on close, and afterwards each row before push resolves', async () => {
    const { queue, inserts } = queueWith({ flushEveryMs: 60_000 });
    await queue.push(1);
    await queue.push(2);
    expect(await queue.close()).toBe(0);
    expect(inserts).toEqual([[1, 2]]);
    await queue.push(3);
    expect(inserts).toEqual([[1, 2], [3]]);
  });

  it('reports on close how many rows could not be stored', async () => {
    const { queue } = queueWith({ insert: async () => Promise.reject(new Error('disk full')), flushEveryMs: 1 });
    await queue.push(1);
    expect(await queue.close(2)).toBe(1);
  });
});
