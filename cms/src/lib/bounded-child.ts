// A program run on a user's file within a budget: the file on stdin, no shell, a wall-clock deadline and a cap on
// what it writes; `prlimit` (util-linux) sets its address space and CPU time.
//
// The programs are not forked from the cms itself: forking a 1.2 GB process for each pdftotext, pdffonts or MuPDF
// run cost the poem workers 0.26 to 0.33 s of thread time an entry, and the request thread the copy-on-write faults
// that followed (docs/benchmarks.md, issue 38). Each thread that runs programs starts one small long-lived node
// process, the launcher (HELPER below, about 40 MB), the first time it needs one; the launcher forks the programs,
// enforces the same deadline and output cap, and sends back how each ended. A launcher that dies is started again
// at the next run (the runs it had in hand end as failures); one that stops answering is killed at the run's
// deadline plus a grace, so no run waits longer than its budget says. It exits when its thread or the cms goes
// (its stdin closes).
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';

export interface ChildBudget {
  /** The address space the program may map, in bytes (`prlimit --as`). */
  memoryBytes: number;
  /** Wall-clock time before it is killed; also its CPU-time limit (`prlimit --cpu`) when `cpuSeconds` is set. */
  timeoutMs: number;
  cpuSeconds?: number;
  /** Bytes of output it may write before it is killed. */
  outputBytes: number;
}

export interface ChildEnd {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: Buffer;
  /** The first 4 KB of what it wrote to stderr. */
  stderr: string;
  /** Why it was stopped, when the budget stopped it. */
  stopped: 'time' | 'output' | null;
}

/** The launcher's own time beyond a run's deadline before it is taken for stuck and killed. */
const LAUNCHER_GRACE_MS = 5_000;

/**
 * The launcher: reads framed runs from stdin (4-byte header length, JSON header, the input's bytes), runs each with
 * `spawn` under its deadline and output cap, and writes framed ends to stdout (4-byte header length, JSON header,
 * the output's bytes). Runs proceed at once, each answered by its id.
 */
const HELPER = `
import { spawn } from 'node:child_process';
const running = new Set();
function answer(header, body = Buffer.alloc(0)) {
  const json = Buffer.from(JSON.stringify({ ...header, bodyLength: body.length }));
  const size = Buffer.alloc(4);
  size.writeUInt32BE(json.length);
  process.stdout.write(Buffer.concat([size, json, body]));
}
function run(task, input) {
  let done = false;
  let child;
  try {
    child = spawn(task.command, task.args, { stdio: ['pipe', 'pipe', 'pipe'], shell: false, env: task.env });
  } catch (error) {
    answer({ id: task.id, error: { message: String(error?.message ?? error), code: error?.code } });
    return;
  }
  running.add(child);
  const chunks = [];
  let size = 0;
  let stderr = '';
  let stopped = null;
  const stop = (why) => {
    stopped ??= why;
    child.kill('SIGKILL');
  };
  const timer = setTimeout(() => stop('time'), task.timeoutMs);
  child.stdout.on('data', (chunk) => {
    size += chunk.length;
    if (size > task.outputBytes) stop('output');
    else chunks.push(chunk);
  });
  child.stderr.on('data', (chunk) => {
    if (stderr.length < 4096) stderr += chunk.toString('utf8');
  });
  child.stdin.on('error', () => undefined);
  child.on('error', (error) => {
    clearTimeout(timer);
    running.delete(child);
    if (done) return;
    done = true;
    answer({ id: task.id, error: { message: error.message, code: error.code } });
  });
  child.on('close', (code, signal) => {
    clearTimeout(timer);
    running.delete(child);
    if (done) return;
    done = true;
    answer({ id: task.id, code, signal, stderr, stopped }, Buffer.concat(chunks));
  });
  child.stdin.end(input);
}
// Chunks are gathered and joined only once a whole frame has arrived (joining at every 64 KB chunk is quadratic).
let chunks = [];
let held = 0;
let want = 4;
process.stdin.on('data', (chunk) => {
  chunks.push(chunk);
  held += chunk.length;
  if (held < want) return;
  let pending = Buffer.concat(chunks, held);
  for (;;) {
    want = 4;
    if (pending.length < 4) break;
    const headerLength = pending.readUInt32BE(0);
    want = 4 + headerLength;
    if (pending.length < want) break;
    const task = JSON.parse(pending.subarray(4, want).toString('utf8'));
    want += task.inputLength;
    if (pending.length < want) break;
    run(task, pending.subarray(4 + headerLength, want));
    pending = pending.subarray(want);
  }
  chunks = [pending];
  held = pending.length;
});
process.stdin.on('end', () => {
  for (const child of running) child.kill('SIGKILL');
  process.exit(0);
});
`;

interface Waiting {
  resolve: (end: ChildEnd) => void;
  reject: (error: Error) => void;
  watchdog: NodeJS.Timeout;
}

class Launcher {
  readonly process: ChildProcessByStdio<Writable, Readable, null>;
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 1;
  private chunks: Buffer[] = [];
  private held = 0;
  private want = 4;
  private gone = false;

  constructor(onGone: (launcher: Launcher) => void) {
    // Its own small heap and none of the cms's NODE_OPTIONS (a profiler, a larger heap): only PATH is passed on.
    this.process = spawn(process.execPath, ['--max-old-space-size=64', '--input-type=module', '--eval', HELPER], {
      stdio: ['pipe', 'pipe', 'inherit'],
      shell: false,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
    });
    const end = (why: string) => {
      if (this.gone) return;
      this.gone = true;
      onGone(this);
      for (const [, waiting] of this.waiting) {
        clearTimeout(waiting.watchdog);
        waiting.reject(new Error(`the program launcher ${why}`));
      }
      this.waiting.clear();
    };
    this.process.on('error', (error) => end(`could not start: ${error.message}`));
    this.process.on('exit', (code, signal) => end(`exited with ${signal ?? code}`));
    this.process.stdin.on('error', () => end('closed its input'));
    this.process.stdout.on('data', (chunk: Buffer) => this.read(chunk));
    this.idle();
  }

  run(command: string, args: string[], input: Buffer, budget: ChildBudget, env: NodeJS.ProcessEnv): Promise<ChildEnd> {
    const id = this.nextId++;
    const limits = [`--as=${budget.memoryBytes}`, ...(budget.cpuSeconds ? [`--cpu=${budget.cpuSeconds}`] : [])];
    const header = Buffer.from(
      JSON.stringify({
        id,
        command: 'prlimit',
        args: [...limits, '--', command, ...args],
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
        timeoutMs: budget.timeoutMs,
        outputBytes: budget.outputBytes,
        inputLength: input.length,
      }),
    );
    const size = Buffer.alloc(4);
    size.writeUInt32BE(header.length);
    return new Promise<ChildEnd>((resolve, reject) => {
      // The launcher kills the program at its deadline; should the launcher itself not answer by then (and a grace),
      // it is killed and the run ends as out of time, like a program that overran.
      const watchdog = setTimeout(() => {
        this.waiting.delete(id);
        resolve({ code: null, signal: 'SIGKILL', stdout: Buffer.alloc(0), stderr: '', stopped: 'time' });
        this.process.kill('SIGKILL');
      }, budget.timeoutMs + LAUNCHER_GRACE_MS);
      this.waiting.set(id, { resolve, reject, watchdog });
      this.busy();
      this.process.stdin.write(size);
      this.process.stdin.write(header);
      this.process.stdin.write(input);
    });
  }

  /** Frames are joined only once whole (joining at every 64 KB chunk is quadratic in a 5 MB answer). */
  private read(chunk: Buffer) {
    this.chunks.push(chunk);
    this.held += chunk.length;
    if (this.held < this.want) return;
    let pending = Buffer.concat(this.chunks, this.held);
    for (;;) {
      this.want = 4;
      if (pending.length < 4) break;
      const headerLength = pending.readUInt32BE(0);
      this.want = 4 + headerLength;
      if (pending.length < this.want) break;
      const header = JSON.parse(pending.subarray(4, this.want).toString('utf8'));
      this.want += header.bodyLength;
      if (pending.length < this.want) break;
      this.settle(header, pending.subarray(4 + headerLength, this.want));
      pending = pending.subarray(this.want);
    }
    this.chunks = [pending];
    this.held = pending.length;
  }

  private settle(header: { id: number; error?: { message: string; code?: string } } & Omit<ChildEnd, 'stdout'>, body: Buffer) {
    const waiting = this.waiting.get(header.id);
    if (!waiting) return;
    this.waiting.delete(header.id);
    clearTimeout(waiting.watchdog);
    if (header.error) {
      waiting.reject(Object.assign(new Error(header.error.message), { code: header.error.code }));
    } else {
      waiting.resolve({ code: header.code, signal: header.signal, stdout: body, stderr: header.stderr, stopped: header.stopped });
    }
    if (this.waiting.size === 0) this.idle();
  }

  /** While runs are in hand the launcher keeps the thread alive; idle, it does not hold a test or a shutdown open. */
  private busy() {
    this.process.ref();
    (this.process.stdout as Readable & { ref?: () => void }).ref?.();
  }

  private idle() {
    this.process.unref();
    (this.process.stdout as Readable & { unref?: () => void }).unref?.();
    (this.process.stdin as Writable & { unref?: () => void }).unref?.();
  }
}

let launcher: Launcher | null = null;

function theLauncher(): Launcher {
  launcher ??= new Launcher((gone) => {
    if (launcher === gone) launcher = null;
  });
  return launcher;
}

/** The launcher's process id on this thread, or null before its first run (scripts/measure-entry-path.mjs reads its CPU). */
export function launcherPid(): number | null {
  return launcher?.process.pid ?? null;
}

/** Runs `command args` on `input` within the budget; resolves however it ended (the caller reads the ending). */
export function runBounded(command: string, args: string[], input: Buffer, budget: ChildBudget, env: NodeJS.ProcessEnv = {}): Promise<ChildEnd> {
  return theLauncher().run(command, args, input, budget, env);
}
