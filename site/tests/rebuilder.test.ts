// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRebuilder } from '../server/rebuilder.mjs';

afterEach(() => vi.useRealTimers());

describe('createRebuilder', () => {
  it('turns a burst of requests into one build after the debounce', async () => {
    vi.useFakeTimers();
    const build = vi.fn().mockResolvedValue(undefined);
    const rebuilder = createRebuilder({ build, debounceMs: 1000 });
    rebuilder.request();
    await vi.advanceTimersByTimeAsync(500);
    rebuilder.request();
    rebuilder.request();
    await vi.advanceTimersByTimeAsync(999);
    expect(build).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('runs one more build when content changes during a build, never two at once', async () => {
    vi.useFakeTimers();
    let finish: () => void = () => {};
    let concurrent = 0;
    let maxConcurrent = 0;
    const build = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          concurrent++;
          maxConcurrent = Math.max(maxConcurrent, concurrent);
          finish = () => {
            concurrent--;
            resolve();
          };
        }),
    );
    const rebuilder = createRebuilder({ build, debounceMs: 100 });
    rebuilder.request();
    await vi.advanceTimersByTimeAsync(100);
    rebuilder.request();
    await vi.advanceTimersByTimeAsync(100);
    expect(build).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(100);
    expect(build).toHaveBeenCalledTimes(2);
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(maxConcurrent).toBe(1);
    expect(rebuilder.builds).toBe(2);
  });

  it('keeps serving after a failed build and logs why', async () => {
    vi.useFakeTimers();
    const messages: string[] = [];
    const rebuilder = createRebuilder({ build: () => Promise.reject(new Error('cms down')), debounceMs: 10, log: (m) => messages.push(m) });
    rebuilder.request();
    await vi.advanceTimersByTimeAsync(10);
    expect(messages).toEqual(['site rebuild failed: cms down']);
    expect(rebuilder.busy).toBe(false);
  });
});
