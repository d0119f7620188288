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

  /** A build that reads the cms `readAfterMs` after it starts and finishes when told. */
  function slowBuild(readAfterMs: number) {
    let finish: () => void = () => {};
    const build = vi.fn(() => {
      const readFrom = Date.now() + readAfterMs;
      return new Promise<{ readFrom: number }>((resolve) => {
        finish = () => resolve({ readFrom });
      });
    });
    return { build, finish: () => finish() };
  }

  it('runs no second build for a change told a debounce or more before the running build read the cms', async () => {
    vi.useFakeTimers();
    const { build, finish } = slowBuild(5000);
    const messages: string[] = [];
    const rebuilder = createRebuilder({ build, debounceMs: 1000, log: (m) => messages.push(m) });
    rebuilder.request();
    await vi.advanceTimersByTimeAsync(1000);
    expect(build).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    rebuilder.request(); // 2 s into the build, 3 s before it reads the cms
    await vi.advanceTimersByTimeAsync(1000); // the debounce ends while the build runs
    rebuilder.request(); // 3 s in: 2 s before the read
    await vi.advanceTimersByTimeAsync(5000);
    finish();
    await vi.advanceTimersByTimeAsync(5000);
    expect(build).toHaveBeenCalledTimes(1);
    expect(rebuilder.builtWithout).toBe(1);
    expect(rebuilder.busy).toBe(false);
    expect(messages).toContain('the changes told during the build were told before it read the cms: no second build');
  });

  it('still runs a second build for a change told less than a debounce before the read, or after it', async () => {
    vi.useFakeTimers();
    for (const toldAtMs of [4500, 6000]) {
      const { build, finish } = slowBuild(5000);
      const rebuilder = createRebuilder({ build, debounceMs: 1000 });
      rebuilder.request();
      await vi.advanceTimersByTimeAsync(1000);
      await vi.advanceTimersByTimeAsync(toldAtMs);
      rebuilder.request();
      await vi.advanceTimersByTimeAsync(2000);
      finish();
      await vi.advanceTimersByTimeAsync(1000);
      expect(build).toHaveBeenCalledTimes(2);
      expect(rebuilder.builtWithout).toBe(0);
      finish();
      await vi.advanceTimersByTimeAsync(0);
    }
  });

  it('still runs a second build when the build does not say when it read the cms', async () => {
    vi.useFakeTimers();
    let finish: () => void = () => {};
    const build = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const rebuilder = createRebuilder({ build, debounceMs: 1000 });
    rebuilder.request();
    await vi.advanceTimersByTimeAsync(1000);
    rebuilder.request();
    await vi.advanceTimersByTimeAsync(5000);
    finish();
    await vi.advanceTimersByTimeAsync(1000);
    expect(build).toHaveBeenCalledTimes(2);
    finish();
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
