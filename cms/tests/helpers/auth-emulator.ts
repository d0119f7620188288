// The real Firebase Auth emulator for cms tests, on ports of its own (auth 9279, hub 4419, logging 4469) so it
// never meets the dev stack (9099, 4400, 4450) or the e2e stack (9159, 4409, 4459); WRITORY_PORT_OFFSET moves them
// like the stacks'. Offsets are multiples of 100: no two of these ports end in the same two digits, so checkouts
// at different offsets never meet either.
// Users and ID tokens come from its REST API.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { timed } from './timings';
import { INTEGRATION_WORKERS, workerPortShift } from './workers';

export const PROJECT_ID = 'demo-writory';
const OFFSET = Number(process.env.WRITORY_PORT_OFFSET ?? 0);
/** The emulator's ports for a worker (each worker thread of the run has its own emulator). */
const portsOf = (worker?: number) => {
  const shift = OFFSET + workerPortShift(worker);
  return { auth: 9279 + shift, hub: 4419 + shift, logging: 4469 + shift };
};
/** This worker's emulator. */
export const AUTH_PORT = portsOf().auth;
export const AUTH_HOST = `127.0.0.1:${AUTH_PORT}`;
/** What the cms needs to trust this emulator; set before it boots. */
export const AUTH_EMULATOR_ENV = { FIREBASE_AUTH_EMULATOR_HOST: AUTH_HOST, FIREBASE_PROJECT_ID: PROJECT_ID };
const firebaseBin = path.resolve(__dirname, '..', '..', '..', 'node_modules', '.bin', 'firebase');

export interface EmulatorUser {
  uid: string;
  email: string;
  password: string;
  idToken: string;
}

export interface NewUser {
  uid?: string;
  email: string;
  password?: string;
  emailVerified?: boolean;
  displayName?: string;
}

export interface AuthEmulator {
  env: typeof AUTH_EMULATOR_ENV;
  /** Admin API ("Bearer owner"): a user with a chosen uid and verification state, signed in. */
  createUser(user: NewUser): Promise<EmulatorUser>;
  /** Public sign-up, as the site does it: unverified email, uid chosen by the emulator. */
  signUp(email: string, password?: string): Promise<EmulatorUser>;
  /** A fresh ID token (its claims reflect the account as it is now). */
  signIn(email: string, password: string): Promise<string>;
  setEmailVerified(uid: string, emailVerified: boolean): Promise<void>;
  clear(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Every call to the emulator on a connection of its own (`Connection: close`, as e2e/outside-services.ts does): the
 * emulator closes an idle connection after 5 s, and the worker's emulator outlives each file, so a file's first call
 * could go out on the previous file's idle connection as the emulator closed it ("fetch failed: other side closed",
 * seen when admin-operations ran after identity-postgres in a shuffled run).
 */
const OWN_CONNECTION = { connection: 'close' };

async function callAt(base: string, pathname: string, init: { method?: string; body?: unknown; admin?: boolean } = {}) {
  const res = await fetch(`${base}${pathname}`, {
    method: init.method ?? 'POST',
    headers: { 'content-type': 'application/json', ...OWN_CONNECTION, ...(init.admin ? { authorization: 'Bearer owner' } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`auth emulator ${pathname}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : {};
}

async function answers(base: string): Promise<boolean> {
  try {
    return (await fetch(`${base}/`, { headers: OWN_CONNECTION })).ok;
  } catch {
    return false;
  }
}

// About 5 s on an idle machine; building its API validator is CPU-bound, so a busy shared machine needs far longer.
async function waitUntilUp(base: string, child: ChildProcess, output: () => string, timeoutMs = 150_000) {
  const started = Date.now();
  // Its own "ready" line, not just an answer on the port: that could come from someone else's emulator.
  while (!(output().includes('All emulators ready') && (await answers(base)))) {
    if (child.exitCode !== null) throw new Error(`auth emulator exited with ${child.exitCode}:\n${output()}`);
    if (Date.now() - started > timeoutMs) throw new Error(`auth emulator not up after ${timeoutMs / 1000}s:\n${output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Waits for a port left busy by a previous run to be released; never borrows someone else's emulator. */
async function waitForFreePort(port: number, timeoutMs = 30_000) {
  const started = Date.now();
  while (await answers(`http://127.0.0.1:${port}`)) {
    if (Date.now() - started > timeoutMs) {
      throw new Error(`port ${port} is taken by another process; the cms tests need it for their own auth emulator`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Set by tests/global-setup.ts, which starts one emulator for the whole cms run. */
const RUN_EMULATOR = 'WRITORY_RUN_AUTH_EMULATOR';

/**
 * The emulator for a test file, with no accounts: its worker's own (started once per run by tests/global-setup.ts;
 * stop() leaves it to the run), or a process of its own outside a Vitest run.
 */
export async function startAuthEmulator(): Promise<AuthEmulator> {
  if (process.env[RUN_EMULATOR] !== '1') return spawnAuthEmulator();
  const emulator = emulatorApi(`http://${AUTH_HOST}`, async () => {});
  await timed('auth emulator: clear', () => emulator.clear());
  return emulator;
}

/**
 * Starts the run's emulators, one per worker thread (tests/global-setup.ts), and tells every test file's
 * startAuthEmulator() to use its worker's.
 */
export async function startRunAuthEmulators(): Promise<{ stop(): Promise<void> }> {
  const started = await Promise.allSettled(Array.from({ length: INTEGRATION_WORKERS }, (_, i) => spawnAuthEmulator(i + 1)));
  const stop = async () => {
    await Promise.all(started.map((one) => (one.status === 'fulfilled' ? one.value.stop() : undefined)));
  };
  const failed = started.find((one) => one.status === 'rejected');
  if (failed) {
    await stop();
    throw failed.reason;
  }
  process.env[RUN_EMULATOR] = '1';
  return { stop };
}

async function spawnAuthEmulator(worker?: number): Promise<AuthEmulator> {
  const ports = portsOf(worker);
  const base = `http://127.0.0.1:${ports.auth}`;
  await waitForFreePort(ports.auth);
  const workDir = mkdtempSync(path.join(tmpdir(), 'writory-auth-emulator-'));
  const config = path.join(workDir, 'firebase.json');
  writeFileSync(
    config,
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port: ports.auth },
        hub: { host: '127.0.0.1', port: ports.hub },
        logging: { host: '127.0.0.1', port: ports.logging },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  let output = '';
  // Its own process group, so stop() ends the CLI and anything it started.
  const child: ChildProcess = spawn(firebaseBin, ['emulators:start', '--only', 'auth', '--project', PROJECT_ID, '--config', config], {
    cwd: workDir,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true', FIREBASE_AUTH_EMULATOR_HOST: '' },
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  try {
    await waitUntilUp(base, child, () => output);
  } catch (error) {
    if (child.exitCode === null) process.kill(-child.pid!, 'SIGKILL');
    rmSync(workDir, { recursive: true, force: true });
    throw error;
  }

  const emulator = emulatorApi(base, async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      process.kill(-child.pid!, 'SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
    }
    rmSync(workDir, { recursive: true, force: true });
  });
  await emulator.clear();
  return emulator;
}

function emulatorApi(base: string, stop: () => Promise<void>): AuthEmulator {
  const call = (pathname: string, init?: Parameters<typeof callAt>[2]) => callAt(base, pathname, init);
  const accounts = `/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts`;
  const signIn = async (email: string, password: string) =>
    (await call('/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any', { body: { email, password, returnSecureToken: true } }))
      .idToken as string;

  const emulator: AuthEmulator = {
    env: { FIREBASE_AUTH_EMULATOR_HOST: base.replace('http://', ''), FIREBASE_PROJECT_ID: PROJECT_ID },
    async createUser({ uid, email, password = 'Secret-123', emailVerified = true, displayName }) {
      const created = await call(accounts, { admin: true, body: { localId: uid, email, password, emailVerified, displayName } });
      return { uid: created.localId, email, password, idToken: await signIn(email, password) };
    },
    async signUp(email, password = 'Secret-123') {
      const res = await call('/identitytoolkit.googleapis.com/v1/accounts:signUp?key=any', { body: { email, password, returnSecureToken: true } });
      return { uid: res.localId, email, password, idToken: res.idToken };
    },
    signIn,
    async setEmailVerified(uid, emailVerified) {
      await call(`${accounts}:update`, { admin: true, body: { localId: uid, emailVerified } });
    },
    async clear() {
      await call(`/emulator/v1/projects/${PROJECT_ID}/accounts`, { method: 'DELETE' });
    },
    stop,
  };
  return emulator;
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An unsigned token shaped like the emulator's, with any claims overridden: for expired and foreign tokens. */
export function craftToken(claims: Record<string, unknown> = {}): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    iss: `https://securetoken.google.com/${PROJECT_ID}`,
    aud: PROJECT_ID,
    auth_time: now - 60,
    user_id: 'crafted-user',
    sub: 'crafted-user',
    iat: now - 60,
    exp: now + 3600,
    email: 'crafted@example.com',
    email_verified: true,
    firebase: { identities: {}, sign_in_provider: 'password' },
    ...claims,
  };
  return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(payload)}.`;
}
