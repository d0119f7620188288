// A real S3-compatible server for cms tests: s3rver (npm, a devDependency) in a process of its own, path-style, with
// one bucket made at start, on a free loopback port (the cms files run two at a time, and the repository suite's
// backup test beside them). It checks request signatures against its fixed credentials (S3RVER/S3RVER) but not ACLs:
// anyone who reaches it reads every object, so only the tests' own loopback process talks to it.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { freePort } from './postgres';
import { timed } from './timings';

const s3rverBin = path.resolve(__dirname, '..', '..', '..', 'node_modules', 's3rver', 'bin', 's3rver.js');

export interface S3Object {
  key: string;
  lastModified: Date;
}

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** FILE_STORAGE=s3 and the S3_* variables that point the cms at this bucket. */
  env: Record<string, string>;
  /** A client of the bucket, to look at it directly. */
  client: S3Client;
  /** Every object in the bucket (under `prefix`), by key. */
  objects(prefix?: string): Promise<S3Object[]>;
  /** An object's bytes, or null when there is none. */
  read(key: string): Promise<Buffer | null>;
  /** Every key written so far (from the server's log), also those deleted since. */
  written(): string[];
  stop(): Promise<void>;
}

export function startS3Server(options: Parameters<typeof startS3ServerNow>[0] = {}): Promise<TestS3Server> {
  return timed('s3rver: start', () => startS3ServerNow(options));
}

async function startS3ServerNow({ bucket = 'writory-test', prefix = '' } = {}): Promise<TestS3Server> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'writory-s3-'));
  let output = '';
  let partialLine = '';
  const written: string[] = [];
  // Its own process group, so stop() ends it whatever it started.
  const child: ChildProcess = spawn(
    process.execPath,
    [s3rverBin, '--directory', dataDir, '--address', '127.0.0.1', '--port', String(port), '--configure-bucket', bucket, '--no-vhost-buckets'],
    { detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  // Ready once it says so; after that it logs every request: the tail is kept for an error message, and the keys
  // it stored for written().
  child.stdout!.on('data', (chunk) => {
    output = (output + chunk).slice(-20_000);
    const lines = (partialLine + chunk).split('\n');
    partialLine = lines.pop()!;
    for (const line of lines) {
      const stored = /Stored object "(.+)" in bucket "(.+)" successfully/.exec(line);
      if (stored && stored[2] === bucket) written.push(stored[1]);
    }
  });
  child.stderr!.on('data', (chunk) => (output = (output + chunk).slice(-20_000)));
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
  };
  try {
    const started = Date.now();
    while (!output.includes(`listening on 127.0.0.1:${port}`)) {
      if (child.exitCode !== null) throw new Error(`s3rver exited with ${child.exitCode} (port ${port} taken?):\n${output}`);
      if (Date.now() - started > 30_000) throw new Error(`s3rver not up after 30 s:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  } catch (error) {
    kill();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }

  const endpoint = `http://127.0.0.1:${port}`;
  const env = {
    FILE_STORAGE: 's3',
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
    ...(prefix ? { S3_PREFIX: prefix } : {}),
  };
  const client = new S3Client({ endpoint, region: env.S3_REGION, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  return {
    endpoint,
    bucket,
    env,
    client,
    async objects(under = '') {
      const found: S3Object[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: under, ContinuationToken }));
        for (const object of page.Contents ?? []) found.push({ key: object.Key!, lastModified: object.LastModified! });
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return found.sort((a, b) => a.key.localeCompare(b.key));
    },
    async read(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return Buffer.from(await object.Body!.transformToByteArray());
      } catch (error) {
        if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
        throw error;
      }
    },
    written: () => [...written],
    async stop() {
      client.destroy();
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        process.kill(-child.pid!, 'SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
        kill();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
