// Backup and restore (`npm run backup`, `npm run restore`, scripts/lib/backup.mjs), run on SQLite with its files
// in local folders and on PostgreSQL with its files in a bucket (the production-like setup): a backup made while
// poets enter poems, judges score and poets pay through the real API, restored into a fresh cms, holds every write
// acknowledged before the backup started, and every file byte for byte. A tampered backup, and a target that
// already holds data, are refused and left untouched.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { Client } from 'pg';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { marksFromCriteria } from '@writory/shared';
import { AUTH_EMULATOR_ENV, startAuthEmulator, type AuthEmulator, type EmulatorUser } from './auth-emulator';
import { createContest, createEntries } from './contest-data';
import { bearer, entryClient } from './entries';
import { paymentsFixture, type PaymentsFixture } from './payments';
import { makeDocx } from './poem-files';
import { startTestPostgres, type TestPostgres } from './postgres';
import { startS3Server, type TestS3Server } from './s3-server';
import { story } from './story';
import { listening, startTestCms, type TestCms } from './strapi';

const repoRoot = path.resolve(__dirname, '..', '..', '..');
const cmsDir = path.join(repoRoot, 'cms');
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const marks = (total: number) => {
  const [structure, creativity, language, emotionalImpact, theme] = [0, 1, 2, 3, 4].map((i) => Math.max(0, Math.min(20, total - 20 * i)));
  return { structure, creativity, language, emotionalImpact, theme };
};

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs scripts/<name>.mjs as `npm run <name>` does, without blocking the cms serving in this process. */
function script(name: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(repoRoot, 'scripts', `${name}.mjs`), ...args], { cwd: repoRoot, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** sha256 of every file under a folder, by its path relative to it. */
function folderHashes(dir: string): Map<string, string> {
  const hashes = new Map<string, string>();
  if (!existsSync(dir)) return hashes;
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const full = path.join(dir, name);
    try {
      hashes.set(name.split(path.sep).join('/'), sha256(readFileSync(full)));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EISDIR') throw error;
    }
  }
  return hashes;
}

type FileSet = 'private' | 'uploads';
type Hashes = Record<FileSet, Map<string, string>>;

/**
 * Where the stacks of a suite keep their files: each place ("source", or a restore target's name) has its own
 * private files and uploads.
 */
interface FilePlaces {
  describe: string;
  /** The variables that give a cms (and backup or restore) this place's files. */
  env(place: string): Record<string, string>;
  /** sha256 of every file of each set, by its key. */
  hashes(place: string): Promise<Hashes>;
  /** Puts a file there behind the cms's back. */
  put(place: string, set: FileSet, key: string, bytes: Buffer | string): Promise<void>;
  /** Whether the place holds no file at all. */
  isEmpty(place: string): Promise<boolean>;
  stop(): Promise<void>;
}

/** Two folders on local disk per place, under `work`. */
function folderPlaces(work: string): FilePlaces {
  const dir = (place: string, set: FileSet) => path.join(work, `${place}-${set}`);
  return {
    describe: 'local folders',
    env: (place) => ({ PRIVATE_FILES_DIR: dir(place, 'private'), PUBLIC_UPLOADS_DIR: dir(place, 'uploads') }),
    hashes: async (place) => ({ private: folderHashes(dir(place, 'private')), uploads: folderHashes(dir(place, 'uploads')) }),
    async put(place, set, key, bytes) {
      const file = path.join(dir(place, set), ...key.split('/'));
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, bytes);
    },
    isEmpty: async (place) => !existsSync(dir(place, 'private')) && !existsSync(dir(place, 'uploads')),
    stop: async () => {},
  };
}

/** One real S3-compatible server (s3rver), a prefix `<place>/` per place; the media library under its uploads/. */
async function bucketPlaces(): Promise<FilePlaces> {
  const s3: TestS3Server = await startS3Server();
  const setPrefix = (place: string, set: FileSet) => (set === 'uploads' ? `${place}/uploads/` : `${place}/`);
  return {
    describe: 'a bucket',
    env: (place) => ({ ...s3.env, S3_PREFIX: `${place}/` }),
    async hashes(place) {
      const hashes: Hashes = { private: new Map(), uploads: new Map() };
      for (const { key } of await s3.objects(`${place}/`)) {
        const set: FileSet = key.startsWith(setPrefix(place, 'uploads')) ? 'uploads' : 'private';
        hashes[set].set(key.slice(setPrefix(place, set).length), sha256((await s3.read(key))!));
      }
      return hashes;
    },
    async put(place, set, key, bytes) {
      await s3.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: setPrefix(place, set) + key, Body: bytes }));
    },
    isEmpty: async (place) => (await s3.objects(`${place}/`)).length === 0,
    stop: () => s3.stop(),
  };
}

interface Manifest {
  startedAt: string;
  database: { client: string; path: string; sha256: string };
  files: { path: string; sha256: string; size: number }[];
  vanished: string[];
}

export function backupSuite(database: 'sqlite' | 'postgres', storage: 'folders' | 'bucket') {
  describe(`backup and restore on ${database}, files in ${storage === 'bucket' ? 'a bucket' : 'local folders'}`, () => {
    const work = mkdtempSync(path.join(tmpdir(), `writory-backup-${database}-`));
    const backupDir = path.join(work, 'backup');
    let places: FilePlaces;
    let cluster: TestPostgres | undefined;
    let emulator: AuthEmulator;
    let cms: TestCms | undefined;
    let restored: TestCms | undefined;
    let fx: PaymentsFixture;
    let manifest: Manifest;
    let sourceHashes: Hashes;

    /** A query on a database of the test cluster. */
    async function onDatabase<T>(url: string, use: (client: Client) => Promise<T>): Promise<T> {
      const client = new Client({ connectionString: url });
      await client.connect();
      try {
        return await use(client);
      } finally {
        await client.end();
      }
    }

    /** Where a restore writes: a fresh SQLite file, or a fresh database on the same cluster. */
    const targets = new Map<string, Record<string, string>>();
    async function target(name: string): Promise<Record<string, string>> {
      if (!targets.has(name)) {
        let db: Record<string, string>;
        if (database === 'sqlite') {
          db = { DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: `.tmp/restored-${name}-${process.pid}-${Date.now()}.db` };
        } else {
          db = { DATABASE_CLIENT: 'postgres', DATABASE_URL: await cluster!.createDatabase(`restored_${name}`) };
        }
        targets.set(name, { ...db, ...places.env(name) });
      }
      return targets.get(name)!;
    }

    // What the writers were told was done, and when the answer arrived.
    const entries: { code: string; poet: EmulatorUser; fileSha256: string; at: number }[] = [];
    const scores: { code: string; judge: EmulatorUser; total: number; at: number }[] = [];
    const orders: { code: string; poet: EmulatorUser; at: number }[] = [];

    beforeAll(async () => {
      places = storage === 'bucket' ? await bucketPlaces() : folderPlaces(work);
      // Strapi's media library writes here; one image stands for it.
      await places.put('source', 'uploads', 'hero_lanterns_3f9c.jpg', Buffer.from('not really a jpeg, but bytes to keep'));
      // The source database starts as every PostgreSQL file's: a copy of the run's tables, no rows of ours (the boot's seed
      // writes the demo data: with FILE_STORAGE=s3 its entries' files go to the bucket).
      cluster = database === 'postgres' ? await startTestPostgres({ withSchema: true }) : undefined;
      emulator = await startAuthEmulator();
      cms = await startTestCms({ ...AUTH_EMULATOR_ENV, ...(cluster?.env ?? {}), ...places.env('source') });
      vi.spyOn(cms.strapi.plugin('email').service('email'), 'send').mockResolvedValue(undefined);
      const api = supertest(await listening(cms));
      fx = await paymentsFixture({ cms, emulator, stop: async () => {} }, api);
      await fx.openContest();
      await fx.setFreeEntries(50);
    });

    afterAll(async () => {
      await restored?.stop();
      await cms?.stop();
      await emulator?.stop();
      await cluster?.stop();
      await places?.stop();
      for (const env of targets.values())
        if (env.DATABASE_FILENAME) for (const suffix of ['', '-wal', '-shm']) rmSync(path.join(cmsDir, env.DATABASE_FILENAME + suffix), { force: true });
      rmSync(work, { recursive: true, force: true });
    });

    // One backup, restored, then refused and forced into the same target, then tampered with: steps of a story, so
    // each case runs alone and in any order (the later ones run the steps before them first).
    const backupStory = story();
    const WHOLE_STORY = 600_000;

    it(
      'backs up while entries, scores and payments are written, and restores every acknowledged write',
      backupStory.step(async () => {
        const { strapi } = cms!;
        const api = supertest(await listening(cms!));
        const client = entryClient(api, emulator, strapi);
        const judges = await Promise.all(
          ['a', 'b'].map((label) => client.account(`${database}-backup-judge-${label}`, { role: 'judge', name: `Judge ${label}` })),
        );
        const month = '2023-06';
        const contestId = await createContest(strapi, month);
        const author = await client.account(`${database}-backup-author`);
        const toJudge = await createEntries(strapi, contestId, month, [await fx.userId(author)], 60, 'in_judging');
        for (const entry of toJudge)
          await fx
            .as('admin')
            .put(`/api/judging/entries/${entry.code}/judges`)
            .send({ judges: judges.map((judge) => judge.uid) })
            .expect(200);

        // Rounds of writes at once (a poem, a score from each judge, a payment) until told to stop; a poet is replaced
        // before the cms's limits (entries a month, checkouts in ten minutes) would refuse them.
        let writing = true;
        let failure: unknown;
        let round = 0;
        let poet: EmulatorUser | undefined;
        let buyer: EmulatorUser | undefined;
        const enterPoem = async () => {
          if (round % 40 === 0) poet = await client.account(`${database}-backup-poet-${round}`);
          const bytes = await makeDocx(`Backup poem ${round}\nthe lamp keeps its light`);
          const res = await client.enter(poet!, { poem: { bytes, name: 'poem.docx' }, fields: { title: `Kept ${round}` } });
          expect(res.status, JSON.stringify(res.body)).toBe(201);
          entries.push({ code: res.body.code, poet: poet!, fileSha256: sha256(bytes), at: Date.now() });
        };
        const score = async (judge: EmulatorUser) => {
          const entry = toJudge[round];
          if (!entry) throw new Error('the judges ran out of entries to score before the test ended');
          const total = 30 + ((round * 7) % 60);
          await api.post(`/api/judging/entries/${entry.code}/scores`).set(bearer(judge)).send(marks(total)).expect(201);
          scores.push({ code: entry.code, judge, total, at: Date.now() });
        };
        const pay = async () => {
          if (round % 15 === 0) buyer = await fx.poet(`${database}-backup-buyer-${round}`);
          const order = await fx.buy(buyer!, 'Single', 'INR');
          orders.push({ code: order.code, poet: buyer!, at: Date.now() });
        };
        const writers = (async () => {
          try {
            for (; writing; round++) await Promise.all([enterPoem(), ...judges.map(score), pay()]);
          } catch (error) {
            failure = error;
          }
        })();
        /** Resolves once `done()` holds; throws what a writer failed with. */
        const until = async (done: () => boolean) => {
          const deadline = Date.now() + 120_000;
          while (!done()) {
            if (failure) throw failure;
            if (!writing) throw new Error('the writers stopped');
            if (Date.now() > deadline) throw new Error('the writers made no progress for two minutes');
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
        };

        try {
          // Every kind of write is under way before the backup starts, and goes on while it runs.
          const counts = () => [entries.length, scores.length, orders.length];
          await until(() => counts().every((n) => n >= 5));
          const before = counts();
          const run = await script('backup', ['--out', backupDir], {});
          expect(run.code, run.stderr).toBe(0);
          await until(() => counts().every((n, i) => n > before[i]));
        } finally {
          writing = false;
          await writers;
        }
        manifest = JSON.parse(readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'));
        const startedAt = Date.parse(manifest.startedAt);
        const acknowledged = <T extends { at: number }>(writes: T[]) => writes.filter((w) => w.at < startedAt);
        // Some writes came after the start: the backup ran while the site was in use.
        expect(entries.length + scores.length + orders.length).toBeGreaterThan(acknowledged([...entries, ...scores, ...orders]).length);
        // Taken before the cms stops (a test cms's private folder goes with it).
        sourceHashes = await places.hashes('source');

        await cms!.stop();
        cms = undefined;
        const into = await target('fresh');
        const run = await script('restore', [backupDir], into);
        expect(run.code, run.stderr).toBe(0);
        restored = await startTestCms({ ...AUTH_EMULATOR_ENV, ...into });
        const fresh = supertest(await listening(restored));

        for (const entry of acknowledged(entries)) {
          const file = await fresh
            .get(`/api/entries/${entry.code}/file`)
            .set(bearer(entry.poet))
            .buffer(true)
            .parse((res, done) => {
              const chunks: Buffer[] = [];
              res.on('data', (chunk: Buffer) => chunks.push(chunk));
              res.on('end', () => done(null, Buffer.concat(chunks)));
            });
          expect(file.status, `entry ${entry.code}`).toBe(200);
          expect(sha256(file.body as Buffer), `entry ${entry.code}`).toBe(entry.fileSha256);
        }
        for (const given of acknowledged(scores)) {
          const seen = await fresh.get(`/api/judging/entries/${given.code}`).set(bearer(given.judge)).expect(200);
          expect(seen.body.myScore, `${given.judge.email} on ${given.code}`).toMatchObject({
            marks: marksFromCriteria(marks(given.total)),
            total: given.total,
          });
        }
        for (const order of acknowledged(orders)) {
          const seen = await fresh.get(`/api/payments/orders/${order.code}`).set(bearer(order.poet)).expect(200);
          expect(seen.body, `order ${order.code}`).toMatchObject({ code: order.code, state: 'paid' });
        }
        expect(acknowledged(entries).length).toBeGreaterThan(0);
        expect(acknowledged(scores).length).toBeGreaterThan(0);
        expect(acknowledged(orders).length).toBeGreaterThan(0);

        // Every file of the backup is the source's file, and is restored with the same hash.
        const restoredHashes = await places.hashes('fresh');
        expect(manifest.files.map((f) => f.path)).toContain('files/uploads/hero_lanterns_3f9c.jpg');
        expect(manifest.vanished).toEqual([]);
        for (const listed of manifest.files) {
          const [, set, ...rest] = listed.path.split('/');
          const key = rest.join('/');
          expect(sourceHashes[set as FileSet].get(key), listed.path).toBe(listed.sha256);
          expect(restoredHashes[set as FileSet].get(key), listed.path).toBe(listed.sha256);
        }
        // And every entry the restored database holds finds its poem, blind copy and photo there.
        const rows = await restored.strapi.db.query('api::entry.entry').findMany({ select: ['code', 'fileKey', 'judgeFileKey', 'photoKey'] });
        for (const row of rows as { code: string; fileKey: string; judgeFileKey: string | null; photoKey: string | null }[]) {
          if (!row.fileKey) continue;
          for (const key of [row.fileKey, row.judgeFileKey, row.photoKey].filter(Boolean) as string[]) {
            if (toJudge.some((e) => e.code === row.code)) continue; // written straight to the database, without files
            expect(restoredHashes.private.get(key), `${row.code}: ${key}`).toBe(sourceHashes.private.get(key));
          }
        }
      }),
      WHOLE_STORY,
    );

    it(
      'refuses a target that already holds data, and changes nothing there',
      backupStory.step(async () => {
        const into = await target('fresh');
        const before = await places.hashes('fresh');
        expect(before.private.size).toBeGreaterThan(0);
        const run = await script('restore', [backupDir], into);
        expect(run.code).toBe(1);
        expect(run.stderr).toMatch(/restore refused: the target already holds data .*pass --force/);
        expect(await places.hashes('fresh')).toEqual(before);
      }),
      WHOLE_STORY,
    );

    it(
      'with --force, replaces what the target holds by the backup',
      backupStory.step(async () => {
        await restored!.stop();
        restored = undefined;
        const into = await target('fresh');
        // Stopping the cms removed a private folder (tests/helpers/strapi.ts), not a bucket's objects; its database is
        // still there. A file the backup does not have is there too.
        await places.put('fresh', 'private', `entries/${'0'.repeat(32)}.pdf`, 'a file the backup does not have');
        const run = await script('restore', [backupDir, '--force'], into);
        expect(run.code, run.stderr).toBe(0);
        const expected = (set: FileSet) =>
          new Map(manifest.files.filter((f) => f.path.startsWith(`files/${set}/`)).map((f) => [f.path.slice(`files/${set}/`.length), f.sha256]));
        const found = await places.hashes('fresh');
        expect(found.private).toEqual(expected('private'));
        expect(found.uploads).toEqual(expected('uploads'));
        // The restored cms boots on it and serves what it held.
        restored = await startTestCms({ ...AUTH_EMULATOR_ENV, ...into });
        const entry = entries.find((e) => e.at < Date.parse(manifest.startedAt))!;
        await supertest(await listening(restored))
          .get(`/api/entries/${entry.code}/file`)
          .set(bearer(entry.poet))
          .expect(200);
      }),
      WHOLE_STORY,
    );

    it(
      'refuses a tampered backup with a clear message, before writing anything',
      backupStory.step(async () => {
        const victim = manifest.files.find((f) => f.path.startsWith('files/private/'))!;
        const bytes = readFileSync(path.join(backupDir, victim.path));
        bytes[bytes.length - 1] ^= 0xff;
        writeFileSync(path.join(backupDir, victim.path), bytes);
        const into = await target('tampered');
        const run = await script('restore', [backupDir], into);
        expect(run.code).toBe(1);
        expect(run.stderr).toContain(
          `restore refused: the backup does not match its manifest (changed or damaged since it was made): ${victim.path} does not match its hash`,
        );
        expect(await places.isEmpty('tampered')).toBe(true);
        if (into.DATABASE_FILENAME) expect(existsSync(path.join(cmsDir, into.DATABASE_FILENAME))).toBe(false);
        else {
          const tables = await onDatabase(into.DATABASE_URL, (client) =>
            client.query("SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'"),
          );
          expect(tables.rows[0].n).toBe(0);
        }
      }),
      WHOLE_STORY,
    );
  });
}
