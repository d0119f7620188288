// A throwaway PostgreSQL cluster on loopback for the scale-path tests (Debian's postgresql package).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { threadId } from 'node:worker_threads';
import { Client } from 'pg';
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

/** A test file's database (`env` names it) on a cluster. */
export interface TestPostgres {
  env: Record<string, string>;
  /** The address of another database of this cluster. */
  urlOf(database: string): string;
  /** Another empty database on the same cluster, its name made unique from `label`, removed by stop(); its address. */
  createDatabase(label: string): Promise<string>;
  /** Removes what it made: the database (and those createDatabase made), or the whole cluster of its own. */
  stop(): Promise<void>;
}

/** A cluster of its own, its first database `writory`. */
export interface TestCluster extends TestPostgres {
  port: number;
  dataDir: string;
  /** The command that creates a database as a copy of another (CREATE DATABASE … TEMPLATE), to run while it runs. */
  createDatabaseCommand(name: string, template: string): string[];
  /** Stops the server and keeps its data folder. */
  shutdown(): Promise<void>;
}

/**
 * Set by tests/global-setup.ts: the port of the run's cluster, which runs until the run ends. Its `writory` database
 * has the cms's tables and no rows of ours, its DEMO_DATABASE has them with the demo data seeded (the demo entries'
 * private files in POSTGRES_DEMO_FILES); both are templates only, never connected to.
 */
export const POSTGRES_RUN_PORT = 'WRITORY_POSTGRES_RUN_PORT';
export const POSTGRES_DEMO_FILES = 'WRITORY_POSTGRES_DEMO_FILES';
export const DEMO_DATABASE = 'writory_demo';

/** Whether a database was made from the run's DEMO_DATABASE (its rows name the demo entries' private files). */
export const isDemoCopy = (databaseUrl: string | undefined) => new URL(databaseUrl ?? 'postgres://-').pathname.startsWith(`/${DEMO_DATABASE}_`);

/**
 * A database of its own for a test file. On the run's cluster (tests/global-setup.ts) it is made there with CREATE
 * DATABASE: empty, or (`withSchema`) a copy of the template with the cms's tables and no rows of ours, or (with
 * `withDemoData` too) of DEMO_DATABASE, the demo data seeded: under 0.1 s of CPU and about 2 s of wall time to make and
 * drop at load 15, where a cluster of its own (copied, started, stopped) took 0.8 s of CPU and 8.5 s. Outside a Vitest
 * run (no run cluster) it is a cluster of its own on a free port with an empty `writory` database.
 */
export async function startTestPostgres({ withSchema = false, withDemoData = false } = {}): Promise<TestPostgres> {
  const runPort = process.env[POSTGRES_RUN_PORT];
  if (runPort) {
    const template = withSchema ? (withDemoData ? DEMO_DATABASE : 'writory') : undefined;
    return timed('postgres: database', () => databaseOnRunCluster(Number(runPort), template));
  }
  return timed('postgres: start', startCluster);
}

const urlAt = (port: number) => (database: string) => `postgres://writory@127.0.0.1:${port}/${database}`;
/** Databases made by this module: with the process, thread and time, a name no other file of the run takes. */
let made = 0;

async function databaseOnRunCluster(port: number, template: string | undefined): Promise<TestPostgres> {
  const urlOf = urlAt(port);
  const own: string[] = [];
  const admin = async <T>(work: (client: Client) => Promise<T>): Promise<T> => {
    const client = new Client({ connectionString: urlOf('postgres') });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  const create = async (label: string, from?: string) => {
    const name = `${label}_${process.pid}_${threadId}_${Date.now()}_${++made}`;
    await admin((client) => client.query(`CREATE DATABASE "${name}"${from ? ` TEMPLATE "${from}"` : ''}`));
    own.push(name);
    return urlOf(name);
  };
  const url = await create(template ?? 'writory_empty', template);
  // WITH (FORCE): a connection a stopped cms or a test left open does not keep the database.
  const drop = () =>
    timed('postgres: drop', () =>
      admin(async (client) => {
        for (const name of own.splice(0)) await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      }),
    );
  return { env: { DATABASE_CLIENT: 'postgres', DATABASE_URL: url }, urlOf, createDatabase: (label) => create(label), stop: drop };
}

/** A cluster of its own on a free port with an empty `writory` database (the run's cluster is one of these). */
export async function startCluster(): Promise<TestCluster> {
  const bin = postgresBin();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'writory-pg-'));
  const runAs = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];
  if (runAs.length) execFileSync('chown', ['postgres:postgres', dataDir]);
  const cmd = (args: string[]) => (runAs.length ? [runAs[0], [...runAs.slice(1), ...args]] : [args[0], args.slice(1)]) as [string, string[]];
  // A throwaway cluster need not survive a power cut: no fsync (about 3 s less per file, most of it Strapi's schema).
  execFileSync(...cmd([path.join(bin, 'initdb'), '-D', dataDir, '-U', 'writory', '--auth=trust', '-E', 'UTF8', '--no-sync']), { stdio: 'ignore' });
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
  execFileSync(path.join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'writory', 'writory']);
  const shutdown = async () => {
    execFileSync(...cmd([path.join(bin, 'pg_ctl'), '-D', dataDir, 'stop', '-m', 'fast']), { stdio: 'ignore' });
    if (server.exitCode === null) await new Promise((r) => server.once('exit', r));
  };
  const urlOf = urlAt(port);
  const createdb = (name: string, from?: string) => [
    path.join(bin, 'createdb'),
    '-h',
    '127.0.0.1',
    '-p',
    String(port),
    '-U',
    'writory',
    ...(from ? ['-T', from] : []),
    name,
  ];
  return {
    env: { DATABASE_CLIENT: 'postgres', DATABASE_URL: urlOf('writory') },
    port,
    dataDir,
    urlOf,
    createDatabaseCommand: (name, from) => createdb(name, from),
    async createDatabase(label) {
      const [command, ...args] = createdb(label);
      execFileSync(command, args, { stdio: 'ignore' });
      return urlOf(label);
    },
    shutdown,
    stop: () =>
      timed('postgres: stop', async () => {
        await shutdown();
        rmSync(dataDir, { recursive: true, force: true });
      }),
  };
}
