// Benchmark (not a test of behaviour; run on its own): accepting a 5 MB .pdf and a 5 MB .docx through
// POST /api/entries, text extraction, anonymising, the judges' copy and storage included. Median and p95
// latency at 1 and 10 concurrent uploads, on SQLite, and the memory (RSS) of the cms process meanwhile.
//
//   cd cms && WRITORY_PORT_OFFSET=2000 npx vitest run --config bench/vitest.config.ts
//
// The cms runs as its own process (`strapi start` on the built dist/), so its RSS is its own; results are
// printed and written to bench/results/entry-uploads.json.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startAuthEmulator, type AuthEmulator, type EmulatorUser } from '../tests/helpers/auth-emulator';
import { makeLargeDocx, makePdf } from '../tests/helpers/poem-files';

const MB = 1024 * 1024;
const OFFSET = Number(process.env.WRITORY_PORT_OFFSET ?? 0);
const PORT = 1349 + OFFSET;
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN_EMAIL = 'bench-admin@writory.test';
const NAME = 'Bench Poet';
const PHONE = '+44 7700 900123';
const ROUNDS = { 1: 10, 10: 30 } as const;
const appDir = path.resolve(__dirname, '..');
const resultsFile = path.resolve(appDir, '..', 'bench', 'results', 'entry-uploads.json');

let emulator: AuthEmulator;
let cms: ChildProcess;
let workDir: string;
const poets: EmulatorUser[] = [];
let nextPoet = 0;

const POEM = Array.from({ length: 1200 }, (_, i) => `Line ${i + 1}: the river keeps the names the rain forgets, and carries them home`).join('\n');

async function waitForCms() {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      // starting
    }
    if (cms.exitCode !== null) throw new Error(`cms exited with ${cms.exitCode}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('cms did not start');
}

const bearer = (user: EmulatorUser) => ({ authorization: `Bearer ${user.idToken}` });

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

/** A poet with two entries left (the allowance is 3 a month): each upload takes a fresh place. */
async function poet(): Promise<EmulatorUser> {
  const user = poets[Math.floor(nextPoet++ / 3)];
  if (!user) throw new Error('not enough bench poets');
  return user;
}

function body(file: { bytes: Buffer; name: string; type: string }, sha: string) {
  const form = new FormData();
  form.append('poem', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  for (const [key, value] of Object.entries({ title: 'Bench river', language: 'English', fullName: NAME, phone: PHONE, country: 'GB', declarations: 'original,individual,appropriate,final', confirmedTextSha256: sha })) {
    form.append(key, value);
  }
  return form;
}

async function upload(file: { bytes: Buffer; name: string; type: string }, sha: string): Promise<number> {
  const user = await poet();
  const started = performance.now();
  const res = await fetch(`${BASE}/api/entries`, { method: 'POST', headers: { ...bearer(user), 'Idempotency-Key': `bench-${nextPoet}-${Date.now()}` }, body: body(file, sha) });
  const text = await res.text();
  const elapsed = performance.now() - started;
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${text}`);
  return elapsed;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function measure(file: { bytes: Buffer; name: string; type: string }, sha: string, concurrency: 1 | 10) {
  const total = ROUNDS[concurrency];
  const idle = rssOf(cms.pid!);
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(cms.pid!))), 20);
  const latencies: number[] = [];
  const started = performance.now();
  let issued = 0;
  const worker = async () => {
    while (issued < total) {
      issued += 1;
      latencies.push(await upload(file, sha));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const wall = performance.now() - started;
  clearInterval(sampler);
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    file: file.name,
    bytes: file.bytes.length,
    concurrency,
    uploads: total,
    medianMs: Math.round(percentile(sorted, 50)),
    p95Ms: Math.round(percentile(sorted, 95)),
    uploadsPerSecond: Math.round((total / (wall / 1000)) * 100) / 100,
    rssIdleMB: Math.round(idle / MB),
    rssPeakMB: Math.round(peak / MB),
  };
}

beforeAll(async () => {
  workDir = mkdtempSync(path.join(tmpdir(), 'writory-bench-'));
  emulator = await startAuthEmulator();
  cms = spawn(process.execPath, [path.resolve(appDir, '..', 'node_modules', '@strapi', 'strapi', 'bin', 'strapi.js'), 'start'], {
    cwd: appDir,
    env: {
      ...process.env,
      ...emulator.env,
      // development: the built app, with the emulator's tokens accepted (the config guard refuses them in production).
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(PORT),
      DATABASE_CLIENT: 'sqlite',
      DATABASE_FILENAME: path.join(workDir, 'bench.db'),
      PRIVATE_FILES_DIR: path.join(workDir, 'private'),
      SERVE_ADMIN_PANEL: 'false',
      CRON_ENABLED: 'false',
      WRITORY_DEMO_DATA: 'false',
      ADMIN_EMAILS: ADMIN_EMAIL,
      SMTP_PORT: '9',
      STRAPI_TELEMETRY_DISABLED: 'true',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForCms();
  const admin = await emulator.createUser({ email: ADMIN_EMAIL, emailVerified: true });
  await fetch(`${BASE}/api/users/me`, { headers: bearer(admin) });
  const { current, next } = await (await fetch(`${BASE}/api/contests/current`)).json();
  const month = (current ?? next).month;
  const now = Date.now();
  const opened = await fetch(`${BASE}/api/admin/contests/${month}`, {
    method: 'PUT',
    headers: { ...bearer(admin), 'content-type': 'application/json' },
    body: JSON.stringify({ opensAt: new Date(now - 86_400_000).toISOString(), closesAt: new Date(now + 86_400_000).toISOString(), resultsAt: new Date(now + 3 * 86_400_000).toISOString() }),
  });
  expect(opened.status).toBe(200);
  const needed = Math.ceil((2 * (ROUNDS[1] + ROUNDS[10]) + 4) / 3);
  for (let i = 0; i < needed; i++) {
    const user = await emulator.createUser({ email: `bench-poet-${i}@writory.test`, emailVerified: true });
    await fetch(`${BASE}/api/users/me`, { headers: bearer(user) });
    const saved = await fetch(`${BASE}/api/users/me`, { method: 'PUT', headers: { ...bearer(user), 'content-type': 'application/json' }, body: JSON.stringify({ name: NAME, phone: PHONE, dateOfBirth: '1990-01-01' }) });
    expect(saved.status).toBe(200);
    poets.push(user);
  }
}, 600_000);

afterAll(async () => {
  cms?.kill('SIGTERM');
  await emulator?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

it('accepts 5 MB .pdf and .docx entries at 1 and 10 concurrent uploads', async () => {
  const files = [
    { bytes: await makePdf(POEM, { padTo: 5 * MB - 64 * 1024 }), name: 'river.pdf', type: 'application/pdf' },
    { bytes: await makeLargeDocx(POEM, 5 * MB - 64 * 1024), name: 'river.docx', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  ];
  const results = [];
  for (const file of files) {
    const preview = new FormData();
    preview.append('poem', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
    preview.append('fullName', NAME);
    preview.append('phone', PHONE);
    const previewed = await fetch(`${BASE}/api/entries/preview`, { method: 'POST', headers: bearer(await poet()), body: preview });
    expect(previewed.status).toBe(200);
    const { textSha256, wordCount } = await previewed.json();
    expect(wordCount).toBeGreaterThan(10_000);
    await upload(file, textSha256); // warm-up
    for (const concurrency of [1, 10] as const) results.push(await measure(file, textSha256, concurrency));
  }
  const report = {
    date: new Date().toISOString(),
    // The load average says how much of the machine the benchmark had (other work slows it down).
    machine: { cpus: cpus().length, cpu: cpus()[0]?.model, memoryGB: Math.round(totalmem() / 1024 ** 3), node: process.version, loadAverage: loadavg().map((l) => Math.round(l * 10) / 10) },
    database: 'sqlite',
    results,
  };
  console.table(results);
  mkdirSync(path.dirname(resultsFile), { recursive: true });
  writeFileSync(resultsFile, `${JSON.stringify(report, null, 2)}\n`);
  expect(results).toHaveLength(4);
}, 1_200_000);
