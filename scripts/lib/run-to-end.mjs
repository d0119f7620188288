import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../toolchain.mjs';

/**
 * Runs a command to its end without blocking this process (another suite may run beside it). Its output goes to the
 * terminal as it comes or, with `holdAs`, to .var/logs/<holdAs>.log, printed in one piece when it ends, so two runs at
 * once never interleave.
 */
export function runToEnd(cmd, args, { holdAs, ...opts } = {}) {
  let out = 'inherit';
  let logFile;
  if (holdAs) {
    const logsDir = join(root, '.var', 'logs');
    mkdirSync(logsDir, { recursive: true });
    logFile = join(logsDir, `${holdAs}.log`);
    out = openSync(logFile, 'w');
  }
  const child = spawn(cmd, args, { ...opts, stdio: ['ignore', out, out] });
  if (holdAs) closeSync(out);
  return new Promise((resolve) => {
    child.on('error', (error) => resolve({ status: null, signal: error.message }));
    child.on('close', (status, signal) => {
      if (logFile) process.stdout.write(`\n──── ${holdAs} ────\n${readFileSync(logFile, 'utf8')}──── end of ${holdAs} ────\n\n`);
      resolve({ status, signal });
    });
  });
}
