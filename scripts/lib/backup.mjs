// Backup and restore of a Writory stack's data: the database (SQLite through its online backup API, PostgreSQL
// through pg_dump/pg_restore), the private files (poems, blind copies, photos) and Strapi's public uploads (on
// local disk, or objects in the FILE_STORAGE=s3 bucket), with a manifest of every file's sha256 and size.
// `npm run backup` and `npm run restore` call these.
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, readdirSync, statSync } from 'node:fs';
import { chmod, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { root } from '../toolchain.mjs';
import { cmsDataPaths } from './stack.mjs';

export const MANIFEST = 'manifest.json';
const FORMAT = 1;
const cmsDir = join(root, 'cms');
const cmsRequire = createRequire(join(cmsDir, 'package.json'));

/** A refusal the commands print as it is (no stack trace): bad input, not a bug. */
export class BackupError extends Error {}

/**
 * Where the data lives, read from the same variables the cms reads (cms/config/database.ts,
 * cms/src/lib/private-files.ts, cms/src/lib/object-storage.ts). Unset, they default to what `npm start` gives its
 * cms (scripts/lib/stack.mjs), or with NODE_ENV=production to the cms's own defaults (as in the container).
 * PUBLIC_UPLOADS_DIR moves the uploads folder (default uploads/ in the cms's public folder, PUBLIC_DIR or cms/public,
 * where Strapi's local upload provider writes). With FILE_STORAGE=s3 both sets are in the bucket: the media library
 * under <S3_PREFIX>uploads/, the private files everything else under S3_PREFIX.
 */
export function dataLocations(env = process.env) {
  const production = env.NODE_ENV === 'production';
  const dev = cmsDataPaths('dev');
  const client = env.DATABASE_CLIENT === 'postgres' ? 'postgres' : 'sqlite';
  const database =
    client === 'postgres'
      ? { client, ...postgresConnection(env) }
      : { client, file: resolve(cmsDir, env.DATABASE_FILENAME || (production ? '.tmp/data.db' : dev.db)) };
  // Local disk needs no build of the cms; anything else is read as the cms reads it.
  if ((env.FILE_STORAGE || 'local') !== 'local') {
    const storage = objectStorage();
    let bucket;
    try {
      bucket = storage.s3Settings(env);
    } catch (error) {
      throw new BackupError(`the cms's file storage settings are unusable: ${error.message}`);
    }
    const media = `${storage.mediaRoot(bucket)}/`;
    return {
      database,
      files: { bucket, private: { prefix: bucket.prefix, except: media }, uploads: { prefix: media } },
    };
  }
  return {
    database,
    files: {
      private: resolve(cmsDir, env.PRIVATE_FILES_DIR || (production ? '.private' : dev.privateFiles)),
      uploads: resolve(cmsDir, env.PUBLIC_UPLOADS_DIR || join(env.PUBLIC_DIR || 'public', 'uploads')),
    },
  };
}

/** The cms's own reading of FILE_STORAGE and S3_* (cms/src/lib/object-storage.ts), from its build. */
function objectStorage() {
  const built = join(cmsDir, 'dist', 'src', 'lib', 'object-storage.js');
  if (!existsSync(built)) throw new BackupError(`the cms is not built (${relative(root, built)} is missing): run \`npm run build -w cms\` first`);
  return cmsRequire(built);
}

/** libpq's own variables (the password never appears on a command line), or DATABASE_URL as given. */
function postgresConnection(env) {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL, libpq: {} };
  const libpq = {
    PGHOST: env.DATABASE_HOST || '127.0.0.1',
    PGPORT: String(env.DATABASE_PORT || 5432),
    PGDATABASE: env.DATABASE_NAME || 'writory',
    PGUSER: env.DATABASE_USERNAME || 'writory',
    PGPASSWORD: env.DATABASE_PASSWORD || '',
    PGSSLMODE: env.DATABASE_SSL === 'true' ? 'require' : 'disable',
  };
  return { url: null, libpq };
}

// ---------------------------------------------------------------------------------------------------------
// File sets. Every file the backup copies goes through a store: a folder on local disk, or the objects under a
// prefix of a bucket (FILE_STORAGE=s3). Both have the same four methods.

/**
 * A folder as a file store. Keys are paths relative to it with forward slashes. Files still being written
 * (the cms writes `<key>.partial` and renames) are not part of the set.
 */
export function folderStore(dir, { privateFiles = false } = {}) {
  const dirMode = privateFiles ? 0o700 : 0o755;
  const fileMode = privateFiles ? 0o600 : 0o644;
  const full = (key) => {
    const path = resolve(dir, ...key.split('/'));
    if (!path.startsWith(dir + sep)) throw new BackupError(`file key outside its folder: ${key}`);
    return path;
  };
  return {
    describe: dir,
    async *list() {
      async function* walk(folder) {
        let names;
        try {
          names = (await readdir(folder, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name));
        } catch (error) {
          if (error.code === 'ENOENT') return;
          throw error;
        }
        for (const entry of names) {
          const path = join(folder, entry.name);
          if (entry.isDirectory()) yield* walk(path);
          else if (entry.isFile() && !entry.name.endsWith('.partial')) yield relative(dir, path).split(sep).join('/');
        }
      }
      yield* walk(dir);
    },
    read: (key) => createReadStream(full(key)),
    async write(key, source) {
      const target = full(key);
      source.on('error', () => {}); // a read that fails while the folder is made still reaches pipeline below
      await mkdir(dirname(target), { recursive: true, mode: dirMode });
      try {
        await pipeline(source, createWriteStream(`${target}.partial`, { mode: fileMode }));
      } catch (error) {
        await rm(`${target}.partial`, { force: true });
        throw error;
      }
      await rename(`${target}.partial`, target);
    },
    async clear() {
      await rm(dir, { recursive: true, force: true });
    },
  };
}

const notFound = (error) => error?.name === 'NoSuchKey' || error?.name === 'NotFound' || error?.$metadata?.httpStatusCode === 404;

/**
 * The objects under `prefix` in a bucket (but not those under `except`) as a file store. Keys are object keys
 * without the prefix. Objects are written without any ACL, private like the bucket; a PUT is atomic, so a listed
 * object is always whole.
 *
 * @param {import('@aws-sdk/client-s3').S3Client} client
 * @param {string} bucket
 * @param {{ prefix: string, except?: string | null }} where
 */
export function bucketStore(client, bucket, { prefix, except = null }) {
  const { ListObjectsV2Command, GetObjectCommand, DeleteObjectCommand } = cmsRequire('@aws-sdk/client-s3');
  const { Upload } = cmsRequire('@aws-sdk/lib-storage');
  const objectKey = (key) => {
    const whole = prefix + key;
    if (!key || key.startsWith('/') || key.split('/').includes('..') || (except && whole.startsWith(except))) {
      throw new BackupError(`file key outside its set: ${key}`);
    }
    return whole;
  };
  async function* list() {
    let ContinuationToken;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken }));
      for (const { Key } of page.Contents ?? []) {
        if (Key.endsWith('/') || (except && Key.startsWith(except))) continue; // folder markers, the other set
        yield Key.slice(prefix.length);
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }
  return {
    describe: `s3://${bucket}/${prefix}${except ? ` (without ${except})` : ''}`,
    list,
    read(key) {
      const Key = objectKey(key);
      // A stream at once, as a folder's: the request runs when it is read, and a missing object fails it as ENOENT.
      return Readable.from(
        (async function* () {
          let object;
          try {
            object = await client.send(new GetObjectCommand({ Bucket: bucket, Key }));
          } catch (error) {
            if (!notFound(error)) throw error;
            throw Object.assign(new Error(`no object ${Key} in bucket ${bucket}`), { code: 'ENOENT' });
          }
          yield* object.Body;
        })(),
        { objectMode: false },
      );
    },
    async write(key, source) {
      // Multipart for large files, one PUT for small ones (the SDK's own uploader).
      await new Upload({ client, params: { Bucket: bucket, Key: objectKey(key), Body: source } }).done();
    },
    async clear() {
      for await (const key of list()) await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: prefix + key }));
    },
  };
}

/** The stores of a stack: its private files and its public uploads. */
export function fileStores(locations) {
  const { files } = locations;
  if (files.bucket) {
    const { S3Client } = cmsRequire('@aws-sdk/client-s3');
    const client = new S3Client(objectStorage().s3ClientOptions(files.bucket));
    return { private: bucketStore(client, files.bucket.bucket, files.private), uploads: bucketStore(client, files.bucket.bucket, files.uploads) };
  }
  return { private: folderStore(files.private, { privateFiles: true }), uploads: folderStore(files.uploads) };
}

/** Whether a store holds anything but the placeholder git keeps in an empty uploads folder. */
async function holdsFiles(store) {
  for await (const key of store.list()) if (key !== '.gitkeep') return true;
  return false;
}

/** Streams `source` into `write`, returning its sha256 and size on the way. */
async function copyHashing(source, write) {
  const hash = createHash('sha256');
  let size = 0;
  const tap = new Transform({
    transform(chunk, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  source.on('error', (error) => tap.destroy(error)); // pipe() alone would leave `write` waiting on a failed read
  await write(source.pipe(tap));
  return { sha256: hash.digest('hex'), size };
}

async function hashFile(path) {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return { sha256: hash.digest('hex'), size: (await stat(path)).size };
}

// ---------------------------------------------------------------------------------------------------------
// PostgreSQL tools: the newest Debian install (pg_dump must be as new as the server), else whatever is on PATH.

function postgresTool(name) {
  const base = '/usr/lib/postgresql';
  if (existsSync(base)) {
    const versions = readdirSync(base)
      .filter((v) => existsSync(join(base, v, 'bin', name)))
      .sort((a, b) => Number(b) - Number(a));
    if (versions.length) return join(base, versions[0], 'bin', name);
  }
  return name;
}

function runTool(cmd, args, env) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', (error) => reject(new BackupError(`${cmd} could not run: ${error.message}`)));
    child.on('exit', (code) => (code === 0 ? resolvePromise() : reject(new BackupError(`${cmd.split('/').pop()} failed (exit ${code}): ${stderr.trim()}`))));
  });
}

const connectionArgs = (database) => (database.url ? ['--dbname', database.url] : []);

async function withPostgres(database, use) {
  const { Client } = cmsRequire('pg');
  const client = new Client(
    database.url
      ? { connectionString: database.url }
      : {
          host: database.libpq.PGHOST,
          port: Number(database.libpq.PGPORT),
          database: database.libpq.PGDATABASE,
          user: database.libpq.PGUSER,
          password: database.libpq.PGPASSWORD,
          ssl: database.libpq.PGSSLMODE === 'require' ? { rejectUnauthorized: false } : false,
        },
  );
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** Strapi's hash of the database schema it last migrated to (null before its first boot). */
const SCHEMA_HASH = 'SELECT hash FROM strapi_database_schema ORDER BY id DESC LIMIT 1';

function sqliteSchemaHash(db) {
  try {
    return db.prepare(SCHEMA_HASH).get()?.hash ?? null;
  } catch {
    return null;
  }
}

async function postgresSchemaHash(database) {
  try {
    return (await withPostgres(database, (client) => client.query(SCHEMA_HASH))).rows[0]?.hash ?? null;
  } catch {
    return null;
  }
}

function gitCommit() {
  try {
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const dirty =
      execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() !==
      '';
    return dirty ? `${commit}+changes` : commit;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Backup

/**
 * Makes a backup into `out` (a new or empty folder) while the cms keeps serving. The database is copied first,
 * as one snapshot; the files after it, so every file a row of the snapshot names (written before its row) is
 * in the backup. Files added meanwhile are copied too: orphans the cms's sweep removes after a restore.
 */
export async function backup({ out, env = process.env, log = () => {} }) {
  const locations = dataLocations(env);
  const { database } = locations;
  const startedAt = new Date();
  out = resolve(out);
  if (existsSync(out) && readdirSync(out).length) throw new BackupError(`backup refused: ${out} is not empty (choose a new folder)`);
  await mkdir(join(out, 'files'), { recursive: true, mode: 0o700 });
  await chmod(out, 0o700);

  let dump;
  let schemaHash;
  if (database.client === 'sqlite') {
    if (!existsSync(database.file)) throw new BackupError(`backup refused: no SQLite database at ${database.file}`);
    log(`database: SQLite online backup of ${database.file}`);
    dump = join(out, 'database.sqlite');
    const Database = cmsRequire('better-sqlite3');
    const db = new Database(database.file, { readonly: true, fileMustExist: true });
    try {
      // All pages in one step: a step holds one read snapshot, so writers (WAL) never make it start over.
      await db.backup(dump, { progress: () => 0x7fffffff });
    } finally {
      db.close();
    }
    // The copy is in WAL mode like its source: everything goes into the file itself, and the emptied log and
    // its index (which better-sqlite3's backup handle keeps open until it is collected) are removed.
    const copy = new Database(dump, { fileMustExist: true });
    schemaHash = sqliteSchemaHash(copy);
    copy.pragma('wal_checkpoint(TRUNCATE)');
    copy.close();
    if (existsSync(`${dump}-wal`) && statSync(`${dump}-wal`).size > 0) throw new Error(`the SQLite copy's log ${dump}-wal is not empty after a checkpoint`);
    for (const suffix of ['-wal', '-shm']) await rm(dump + suffix, { force: true });
  } else {
    log(`database: pg_dump (custom format) of ${database.url ? 'DATABASE_URL' : `${database.libpq.PGDATABASE} on ${database.libpq.PGHOST}`}`);
    dump = join(out, 'database.pgdump');
    await runTool(postgresTool('pg_dump'), ['--format=custom', '--no-owner', '--no-privileges', '--file', dump, ...connectionArgs(database)], database.libpq);
    schemaHash = await postgresSchemaHash(database);
  }

  await chmod(dump, 0o600);

  const files = [];
  const vanished = [];
  for (const [set, store] of Object.entries(fileStores(locations))) {
    log(`files: ${set} from ${store.describe}`);
    const target = folderStore(join(out, 'files', set), { privateFiles: true });
    for await (const key of store.list()) {
      let copied;
      try {
        copied = await copyHashing(store.read(key), (source) => target.write(key, source));
      } catch (error) {
        if (error.code !== 'ENOENT') throw error;
        // Removed since it was listed (a replaced photo, a swept orphan, an entry deleted after the snapshot).
        vanished.push(`files/${set}/${key}`);
        continue;
      }
      files.push({ path: `files/${set}/${key}`, ...copied });
    }
  }

  const manifest = {
    format: FORMAT,
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    gitCommit: gitCommit(),
    schemaHash,
    database: { client: database.client, path: relative(out, dump), ...(await hashFile(dump)) },
    files,
    vanished,
  };
  // Written last, under a temporary name: a folder with a manifest holds a whole backup.
  await writeFile(join(out, `${MANIFEST}.partial`), JSON.stringify(manifest, null, 2), { mode: 0o600 });
  await rename(join(out, `${MANIFEST}.partial`), join(out, MANIFEST));
  return manifest;
}

// ---------------------------------------------------------------------------------------------------------
// Restore

async function readManifest(dir) {
  const file = join(dir, MANIFEST);
  if (!existsSync(file)) throw new BackupError(`restore refused: ${dir} holds no ${MANIFEST} (not a finished backup)`);
  const manifest = JSON.parse(await readFile(file, 'utf8'));
  if (manifest.format !== FORMAT) throw new BackupError(`restore refused: backup format ${manifest.format} is not ${FORMAT}`);
  return manifest;
}

/** Every file the manifest lists, hashed again: the list of those that differ (or are missing). */
async function mismatches(dir, manifest) {
  const wrong = [];
  for (const listed of [manifest.database, ...manifest.files]) {
    const path = resolve(dir, listed.path);
    if (!path.startsWith(resolve(dir) + sep)) throw new BackupError(`restore refused: the manifest names a file outside the backup: ${listed.path}`);
    if (!existsSync(path)) {
      wrong.push(`${listed.path} is missing`);
      continue;
    }
    const found = await hashFile(path);
    if (found.sha256 !== listed.sha256 || found.size !== listed.size) wrong.push(`${listed.path} does not match its hash`);
  }
  return wrong;
}

function refuseMismatches(wrong, when) {
  if (!wrong.length) return;
  const shown = wrong.slice(0, 10).join('; ') + (wrong.length > 10 ? `; and ${wrong.length - 10} more` : '');
  throw new BackupError(`restore refused: ${when}: ${shown}`);
}

async function databaseHoldsData(database) {
  if (database.client === 'sqlite') return existsSync(database.file) && statSync(database.file).size > 0;
  return withPostgres(
    database,
    async (client) => (await client.query("SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'")).rows[0].n > 0,
  );
}

/**
 * Restores the backup in `dir` into the stack the environment names (its cms stopped). Checks every hash
 * first and changes nothing if one differs; refuses a target that holds data unless `force`; checks the
 * restored files' hashes again at the end.
 */
export async function restore({ dir, env = process.env, force = false, log = () => {} }) {
  dir = resolve(dir);
  const manifest = await readManifest(dir);
  const locations = dataLocations(env);
  const { database } = locations;
  if (manifest.database.client !== database.client) {
    throw new BackupError(`restore refused: the backup holds a ${manifest.database.client} database but DATABASE_CLIENT is ${database.client}`);
  }
  log(`checking ${manifest.files.length + 1} files against the manifest`);
  refuseMismatches(await mismatches(dir, manifest), 'the backup does not match its manifest (changed or damaged since it was made)');

  const stores = fileStores(locations);
  if (!force) {
    const occupied = [];
    if (await databaseHoldsData(database)) occupied.push(database.client === 'sqlite' ? database.file : 'the PostgreSQL database');
    for (const store of Object.values(stores)) if (await holdsFiles(store)) occupied.push(store.describe);
    if (occupied.length)
      throw new BackupError(
        `restore refused: the target already holds data (${occupied.join(', ')}); restore into a fresh stack or pass --force to replace it`,
      );
  }

  const dump = join(dir, manifest.database.path);
  if (database.client === 'sqlite') {
    log(`database: ${database.file}`);
    await mkdir(dirname(database.file), { recursive: true });
    for (const suffix of ['-wal', '-shm']) await rm(database.file + suffix, { force: true });
    await pipeline(createReadStream(dump), createWriteStream(`${database.file}.partial`));
    await rename(`${database.file}.partial`, database.file);
  } else {
    log('database: pg_restore');
    const clean = force ? ['--clean', '--if-exists'] : [];
    await runTool(
      postgresTool('pg_restore'),
      ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', ...clean, ...connectionArgs(database), dump],
      database.libpq,
    );
  }

  for (const [set, store] of Object.entries(stores)) {
    log(`files: ${set} into ${store.describe}`);
    if (force) await store.clear();
    const prefix = `files/${set}/`;
    for (const listed of manifest.files.filter((f) => f.path.startsWith(prefix))) {
      await store.write(listed.path.slice(prefix.length), createReadStream(join(dir, listed.path)));
    }
  }

  log('checking the restored data against the manifest');
  const wrong = [];
  if (database.client === 'sqlite') {
    const found = await hashFile(database.file);
    if (found.sha256 !== manifest.database.sha256) wrong.push(`${database.file} does not match the backup's database`);
  } else if (manifest.schemaHash && (await postgresSchemaHash(database)) !== manifest.schemaHash) {
    wrong.push("the restored database's schema hash differs from the backup's");
  }
  for (const [set, store] of Object.entries(stores)) {
    const prefix = `files/${set}/`;
    for (const listed of manifest.files.filter((f) => f.path.startsWith(prefix))) {
      const found = await copyHashing(store.read(listed.path.slice(prefix.length)), (source) => pipeline(source, createHash('sha256')));
      if (found.sha256 !== listed.sha256 || found.size !== listed.size)
        wrong.push(`${store.describe}/${listed.path.slice(prefix.length)} does not match its hash`);
    }
  }
  if (wrong.length) {
    const shown = wrong.slice(0, 10).join('; ');
    throw new BackupError(`restore failed its final check: ${shown}`);
  }
  return manifest;
}
