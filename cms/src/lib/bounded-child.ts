// A program run on a user's file within a budget: the file on stdin, no shell, a wall-clock deadline and a cap on
// what it writes; `prlimit` (util-linux) sets its address space and CPU time.
import { spawn } from 'node:child_process';

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

/** Runs `command args` on `input` within the budget; resolves however it ended (the caller reads the ending). */
export function runBounded(command: string, args: string[], input: Buffer, budget: ChildBudget, env: NodeJS.ProcessEnv = {}): Promise<ChildEnd> {
  const limits = [`--as=${budget.memoryBytes}`, ...(budget.cpuSeconds ? [`--cpu=${budget.cpuSeconds}`] : [])];
  return new Promise((resolve, reject) => {
    const child = spawn('prlimit', [...limits, '--', command, ...args], {
      stdio: ['pipe', 'pipe', 'pipe'],
      shell: false,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
    });
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = '';
    let stopped: ChildEnd['stopped'] = null;
    const stop = (why: 'time' | 'output') => {
      stopped ??= why;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => stop('time'), budget.timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > budget.outputBytes) stop('output');
      else chunks.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4096) stderr += chunk.toString('utf8');
    });
    // A program may stop reading stdin early (a damaged file): that is its answer, not ours to fail on.
    child.stdin.on('error', () => undefined);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout: Buffer.concat(chunks), stderr, stopped });
    });
    child.stdin.end(input);
  });
}
