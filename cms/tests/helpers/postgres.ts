// A throwaway PostgreSQL cluster on loopback for the scale-path tests (Debian's postgresql package).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { timed } from './timings';

function postgresBin(): string {
  const base = '/usr/lib/postgresql';
  const versions = readdirSync(base).sort((a, b) => Number(b) - Number(a));
  if (!versions.length) throw new Error('PostgreSQL is not installed (run scripts/system-deps.sh)');
  return path.join(base, versions[0], 'bin');
}

/** A TCP port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface TestPostgres {
  env: Record<string, string>;
  dataDir: string;
  /** The address of another database of this cluster. */
  urlOf(database: string): string;
  /** The command that creates a database as a copy of another (CREATE DATABASE … TEMPLATE), to run while it runs. */
  createDatabaseCommand(name: string, template: string): string[];
  /** Stops the server and keeps its data folder. */
  shutdown(): Promise<void>;
  /** Stops the server and removes its data folder. */
  stop(): Promise<void>;
}

/**
 * Set by tests/global-setup.ts: the data folder of a stopped cluster whose `writory` database has the cms's tables and
 * no rows of ours, and whose DEMO_DATABASE has them with the demo data seeded (its entries' private files in
 * POSTGRES_DEMO_FILES).
 */
export const POSTGRES_TEMPLATE = 'WRITORY_POSTGRES_TEMPLATE';
export const POSTGRES_DEMO_FILES = 'WRITORY_POSTGRES_DEMO_FILES';
export const DEMO_DATABASE = 'writory_demo';

/**
 * A cluster of its own on a free port, with an empty `writory` database, or (`withSchema`, when the run made the
 * template) a copy of the template cluster, whose database has the cms's tables and no rows of ours; with
 * `withDemoData` too, `env` names the copy's DEMO_DATABASE instead (the demo data seeded).
 */
export function startTestPostgres(options: { withSchema?: boolean; withDemoData?: boolean } = {}): Promise<TestPostgres> {
  return timed('postgres: start', () => startCluster(options));
}

async function startCluster({ withSchema = false, withDemoData = false } = {}): Promise<TestPostgres> {
  const bin = postgresBin();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'writory-pg-'));
  const runAs = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];
  if (runAs.length) execFileSync('chown', ['postgres:postgres', dataDir]);
  const cmd = (args: string[]) => (runAs.length ? [runAs[0], [...runAs.slice(1), ...args]] : [args[0], args.slice(1)]) as [string, string[]];
  const template = withSchema ? process.env[POSTGRES_TEMPLATE] : undefined;
  // cp -a keeps the owner and the 0700 mode PostgreSQL insists on.
  if (template) execFileSync('cp', ['-a', `${template}/.`, dataDir]);
  // A throwaway cluster need not survive a power cut: no fsync (about 3 s less per file, most of it Strapi's schema).
  else execFileSync(...cmd([path.join(bin, 'initdb'), '-D', dataDir, '-U', 'writory', '--auth=trust', '-E', 'UTF8', '--no-sync']), { stdio: 'ignore' });
  const port = await freePort();
  const server: ChildProcess = spawn(
    ...cmd([
      path.join(bin, 'postgres'),
      '-D',
      dataDir,
      '-p',
      String(port),
      '-h',
      '127.0.0.1',
      '-k',
      dataDir,
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
    ]),
    {
      stdio: 'ignore',
    },
  );
  const started = Date.now();
  for (;;) {
    try {
      execFileSync(path.join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
      break;
    } catch {
      if (Date.now() - started > 30_000) throw new Error('PostgreSQL did not start within 30 s');
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  if (!template) execFileSync(path.join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'writory', 'writory']);
  const shutdown = async () => {
    execFileSync(...cmd([path.join(bin, 'pg_ctl'), '-D', dataDir, 'stop', '-m', 'fast']), { stdio: 'ignore' });
    if (server.exitCode === null) await new Promise((r) => server.once('exit', r));
  };
  const urlOf = (database: string) => `postgres://writory@127.0.0.1:${port}/${database}`;
  return {
    env: { DATABASE_CLIENT: 'postgres', DATABASE_URL: urlOf(template && withDemoData ? DEMO_DATABASE : 'writory') },
    dataDir,
    urlOf,
    createDatabaseCommand: (name, from) => [path.join(bin, 'createdb'), '-h', '127.0.0.1', '-p', String(port), '-U', 'writory', '-T', from, name],
    shutdown,
    stop: () =>
      timed('postgres: stop', async () => {
        await shutdown();
        rmSync(dataDir, { recursive: true, force: true });
      }),
  };
}
