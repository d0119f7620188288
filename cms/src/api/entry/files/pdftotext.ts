// Runs poppler's pdftotext (Debian's poppler-utils) on a PDF's bytes, bounded: no shell, the file on stdin,
// an address-space limit (prlimit --as), a deadline that kills it, and a cap on what it may print. A file that
// breaks a bound is refused with a 422 naming the limit. Why poppler: docs/dependencies.md (issue 37).
import { spawn, spawnSync } from 'node:child_process';
import { ApiError } from '../../../lib/client-error';

export const PDFTOTEXT_LIMITS = {
  /** Wall time one reading may take before it is killed. */
  timeoutMs: 15_000,
  /** Address space pdftotext may map (prlimit --as). */
  memoryBytes: 768 * 1024 * 1024,
  /** What it may print (its word boxes take about 150 bytes a word). */
  outputBytes: 48 * 1024 * 1024,
};

const SAVE_AGAIN = 'Open it in your writing app and save or export it again as .docx or .pdf, then upload that file.';

const overLimit = (limit: 'time' | 'memory' | 'output', message: string, details: Record<string, unknown>) =>
  new ApiError(422, `${message} ${SAVE_AGAIN}`, { reason: `pdf-${limit}-limit`, ...details }, 'ValidationError');

export const pdftotextErrors = {
  time: () => overLimit('time', `Reading this PDF took longer than ${PDFTOTEXT_LIMITS.timeoutMs / 1000} seconds, far more than a poem needs.`, { maxSeconds: PDFTOTEXT_LIMITS.timeoutMs / 1000 }),
  memory: () =>
    overLimit('memory', `Reading this PDF needed more than ${PDFTOTEXT_LIMITS.memoryBytes / 1024 / 1024} MB of memory, far more than a poem needs.`, {
      maxMemoryMb: PDFTOTEXT_LIMITS.memoryBytes / 1024 / 1024,
    }),
  output: () =>
    overLimit('output', `This PDF holds more than ${PDFTOTEXT_LIMITS.outputBytes / 1024 / 1024} MB of text and layout, far more than a poem.`, {
      maxOutputMb: PDFTOTEXT_LIMITS.outputBytes / 1024 / 1024,
    }),
};

/** Thrown when pdftotext could not read the file at all (damaged, not a PDF, encrypted). */
export class PdftotextFailed extends Error {}

/** Why the PDF reader cannot run on this machine, or null when it can (the startup check and the guard use it). */
export function pdftotextProblem(): string | null {
  for (const [command, pkg] of [
    ['pdftotext', 'poppler-utils'],
    ['prlimit', 'util-linux'],
  ]) {
    const probe = spawnSync(command, ['-v'], { stdio: 'ignore', timeout: 10_000 });
    if ((probe.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') {
      return `${command} is not installed: poem PDFs cannot be read. Install the Debian package ${pkg} (scripts/system-deps.sh does; deploy/cms.Dockerfile has it).`;
    }
  }
  return null;
}

/** pdftotext's output for `args` (its input is stdin, its output stdout), within PDFTOTEXT_LIMITS. */
export function runPdftotext(bytes: Buffer, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('prlimit', [`--as=${PDFTOTEXT_LIMITS.memoryBytes}`, '--', 'pdftotext', '-q', ...args, '-', '-'], {
      stdio: ['pipe', 'pipe', 'pipe'],
      shell: false,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8' },
    });
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = '';
    let broke: ApiError | null = null;
    const stop = (error: ApiError) => {
      broke ??= error;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => stop(pdftotextErrors.time()), PDFTOTEXT_LIMITS.timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > PDFTOTEXT_LIMITS.outputBytes) stop(pdftotextErrors.output());
      else chunks.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4096) stderr += chunk.toString('utf8');
    });
    // pdftotext may stop reading stdin early (a damaged file): that is its answer, not ours to fail on.
    child.stdin.on('error', () => undefined);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (broke) return reject(broke);
      // Out of address space: allocation fails and pdftotext aborts (bad_alloc) or is killed.
      if (signal === 'SIGABRT' || signal === 'SIGSEGV' || signal === 'SIGBUS' || /bad_alloc|out of memory/i.test(stderr)) {
        return reject(pdftotextErrors.memory());
      }
      if (code !== 0) return reject(new PdftotextFailed(`pdftotext exited with ${signal ?? code}: ${stderr.trim().slice(0, 200)}`));
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
    child.stdin.end(bytes);
  });
}
