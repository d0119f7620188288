// What the figures were measured on: the machine and the versions of what was measured.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { root } from '../../scripts/toolchain.mjs';

const packageVersion = (name, from = root) => {
  try {
    return createRequire(join(from, 'package.json'))(`${name}/package.json`).version;
  } catch {
    return 'missing';
  }
};

/** A version from a command's output (nginx prints it on stderr). */
const commandVersion = (cmd, args, pattern) => {
  const run = spawnSync(cmd, args, { encoding: 'utf8' });
  return run.error ? 'missing' : (pattern.exec(`${run.stdout}${run.stderr}`)?.[1] ?? 'unknown');
};

export function machineInfo() {
  const release = existsSync('/etc/os-release') ? /PRETTY_NAME="([^"]+)"/.exec(readFileSync('/etc/os-release', 'utf8'))?.[1] : null;
  return {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model.replace(/\s+/g, ' ').trim() ?? 'unknown',
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    os: release ?? process.platform,
    loadAverage: loadavg()
      .map((l) => l.toFixed(2))
      .join(' '),
  };
}

export function versions() {
  return {
    node: process.versions.node,
    strapi: packageVersion('@strapi/strapi', join(root, 'cms')),
    astro: packageVersion('astro', join(root, 'site')),
    sqlite: `better-sqlite3 ${packageVersion('better-sqlite3', join(root, 'cms'))}`,
    chromium: commandVersion('chromium', ['--version'], /Chromium ([\d.]+)/),
    nginx: commandVersion('nginx', ['-v'], /nginx\/([\d.]+)/),
    lighthouse: packageVersion('lighthouse'),
    autocannon: packageVersion('autocannon'),
  };
}
