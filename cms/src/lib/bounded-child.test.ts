// Programs run on a user's file go through one small launcher process per thread, not a fork of the cms each time,
// within the same budget: the deadline, the output cap and prlimit's address space still stop a program; a launcher
// that dies is replaced at the next run, and the runs it had in hand fail instead of hanging.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { launcherPid, runBounded } from './bounded-child';

const BUDGET = { memoryBytes: 256 * 1024 * 1024, timeoutMs: 10_000, outputBytes: 16 * 1024 * 1024 };

const gone = (pid: number) =>
  new Promise<void>((resolve) => {
    const poll = setInterval(() => {
      try {
        process.kill(pid, 0);
      } catch {
        clearInterval(poll);
        resolve();
      }
    }, 10);
  });

describe('runBounded', () => {
  it('gives the program the file on stdin and returns what it printed, a 5 MB file whole', async () => {
    const file = randomBytes(5 * 1024 * 1024);
    const end = await runBounded('cat', [], file, BUDGET);
    expect(end).toMatchObject({ code: 0, signal: null, stopped: null });
    expect(end.stdout.equals(file)).toBe(true);
  });

  it('starts the programs from one launcher, not from this process, and keeps it for the next runs', async () => {
    const first = await runBounded('sh', ['-c', 'echo $PPID'], Buffer.alloc(0), BUDGET);
    const launcher = launcherPid();
    expect(launcher).not.toBeNull();
    expect(launcher).not.toBe(process.pid);
    expect(Number(first.stdout.toString())).toBe(launcher);
    const second = await runBounded('sh', ['-c', 'echo $PPID'], Buffer.alloc(0), BUDGET);
    expect(Number(second.stdout.toString())).toBe(launcher);
  });

  it('answers runs made at once each with its own output', async () => {
    const inputs = Array.from({ length: 6 }, (_, i) => Buffer.from(`poem ${i} `.repeat(1000 * (i + 1))));
    const ends = await Promise.all(inputs.map((input) => runBounded('cat', [], input, BUDGET)));
    ends.forEach((end, i) => expect(end.stdout.equals(inputs[i])).toBe(true));
  });

  it('kills a program past its deadline', async () => {
    const started = Date.now();
    const end = await runBounded('sleep', ['20'], Buffer.alloc(0), { ...BUDGET, timeoutMs: 200 });
    expect(end).toMatchObject({ stopped: 'time', signal: 'SIGKILL' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('kills a program that prints more than its cap and returns no more than the cap', async () => {
    const end = await runBounded('head', ['-c', '10000000', '/dev/zero'], Buffer.alloc(0), { ...BUDGET, outputBytes: 4096 });
    expect(end.stopped).toBe('output');
    expect(end.stdout.length).toBeLessThanOrEqual(4096);
  });

  it('holds a program to its address space (prlimit --as)', async () => {
    const end = await runBounded(process.execPath, ['-e', 'Buffer.alloc(1)'], Buffer.alloc(0), { ...BUDGET, memoryBytes: 16 * 1024 * 1024 });
    expect(end.code === 0 && end.signal === null).toBe(false);
  });

  it('fails the runs in hand when the launcher dies, and starts a new launcher for the next run', async () => {
    await runBounded('true', [], Buffer.alloc(0), BUDGET);
    const dead = launcherPid() as number;
    const inHand = runBounded('sleep', ['20'], Buffer.alloc(0), BUDGET);
    process.kill(dead, 'SIGKILL');
    await expect(inHand).rejects.toThrow(/launcher/);
    await gone(dead);
    const end = await runBounded('sh', ['-c', 'echo $PPID'], Buffer.alloc(0), BUDGET);
    expect(end.code).toBe(0);
    expect(launcherPid()).not.toBe(dead);
    expect(Number(end.stdout.toString())).toBe(launcherPid());
  });

  it('ends with a failure, not a hang, when the program cannot be started', async () => {
    // prlimit starts and cannot exec the program: it says so and exits non-zero.
    const end = await runBounded('/nonexistent/program', [], Buffer.alloc(0), BUDGET);
    expect(end.code).not.toBe(0);
  });
});
