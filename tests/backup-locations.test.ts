// scripts/lib/backup.mjs finds the data where the cms keeps it: the cms's variables first, then `npm start`'s
// locations, or the cms's own defaults in production. (Backup and restore themselves: cms/tests/backup*.test.ts.)
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { bucketStore, dataLocations, folderStore } from '../scripts/lib/backup.mjs';
import { cmsDataPaths } from '../scripts/lib/stack.mjs';
import { startS3Server } from '../cms/tests/helpers/s3-server';

const root = join(__dirname, '..');
const cms = join(root, 'cms');

describe('where backup and restore find the data', () => {
  it('uses the variables the cms reads, relative paths from cms/ as the cms resolves them', () => {
    expect(dataLocations({ DATABASE_FILENAME: '.tmp/x.db', PRIVATE_FILES_DIR: '/srv/private', PUBLIC_UPLOADS_DIR: '/srv/uploads' })).toEqual({
      database: { client: 'sqlite', file: join(cms, '.tmp/x.db') },
      files: { private: '/srv/private', uploads: '/srv/uploads' },
    });
  });

  it("finds the uploads in the cms's public folder when PUBLIC_DIR moves it", () => {
    expect(dataLocations({ PUBLIC_DIR: '/srv/public' }).files.uploads).toBe('/srv/public/uploads');
    expect(dataLocations({ PUBLIC_DIR: '../media' }).files.uploads).toBe(join(root, 'media/uploads'));
    expect(dataLocations({ PUBLIC_DIR: '/srv/public', PUBLIC_UPLOADS_DIR: '/srv/uploads' }).files.uploads).toBe('/srv/uploads');
  });

  it("defaults to npm start's database and private folder, and to the cms's own defaults in production", () => {
    const dev = cmsDataPaths('dev');
    expect(dataLocations({})).toEqual({
      database: { client: 'sqlite', file: join(cms, dev.db) },
      files: { private: dev.privateFiles, uploads: join(cms, 'public/uploads') },
    });
    expect(dataLocations({ NODE_ENV: 'production' })).toEqual({
      database: { client: 'sqlite', file: join(cms, '.tmp/data.db') },
      files: { private: join(cms, '.private'), uploads: join(cms, 'public/uploads') },
    });
  });

  it('reaches PostgreSQL through DATABASE_URL, or through libpq variables that keep the password off the command line', () => {
    expect(dataLocations({ DATABASE_CLIENT: 'postgres', DATABASE_URL: 'postgres://w@db/w' }).database).toEqual({
      client: 'postgres',
      url: 'postgres://w@db/w',
      libpq: {},
    });
    expect(dataLocations({ DATABASE_CLIENT: 'postgres', DATABASE_HOST: 'db', DATABASE_PASSWORD: 's3cret', DATABASE_SSL: 'true' }).database).toEqual({
      client: 'postgres',
      url: null,
      libpq: { PGHOST: 'db', PGPORT: '5432', PGDATABASE: 'writory', PGUSER: 'writory', PGPASSWORD: 's3cret', PGSSLMODE: 'require' },
    });
  });

  // Read through the cms's own settings parser (its build), so the bucket is the one the cms writes to.
  const bucketEnv = {
    FILE_STORAGE: 's3',
    S3_BUCKET: 'writory-files',
    S3_ENDPOINT: 'http://127.0.0.1:9000',
    S3_REGION: 'eu-west-1',
    S3_ACCESS_KEY_ID: 'key',
    S3_SECRET_ACCESS_KEY: 'secret',
    S3_FORCE_PATH_STYLE: 'true',
  };
  const settings = {
    bucket: 'writory-files',
    endpoint: 'http://127.0.0.1:9000',
    region: 'eu-west-1',
    accessKeyId: 'key',
    secretAccessKey: 'secret',
    forcePathStyle: true,
  };

  it('with FILE_STORAGE=s3, finds both sets in the bucket: uploads under <S3_PREFIX>uploads/, private files everything else under S3_PREFIX', () => {
    expect(dataLocations({ ...bucketEnv, S3_PREFIX: 'writory/', PRIVATE_FILES_DIR: '/srv/private' }).files).toEqual({
      bucket: { ...settings, prefix: 'writory/' },
      private: { prefix: 'writory/', except: 'writory/uploads/' },
      uploads: { prefix: 'writory/uploads/' },
    });
    expect(dataLocations(bucketEnv).files).toEqual({
      bucket: { ...settings, prefix: '' },
      private: { prefix: '', except: 'uploads/' },
      uploads: { prefix: 'uploads/' },
    });
  });

  it('refuses bucket settings the cms would refuse, with its reasons', () => {
    expect(() => dataLocations({ FILE_STORAGE: 's3', S3_BUCKET: 'b' })).toThrow(
      "the cms's file storage settings are unusable: FILE_STORAGE=s3 needs S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY",
    );
    expect(() => dataLocations({ ...bucketEnv, S3_PREFIX: 'no-slash' })).toThrow(/S3_PREFIX must be folder names each ending in \//);
    expect(() => dataLocations({ FILE_STORAGE: 'ftp' })).toThrow(/FILE_STORAGE must be one of local, s3/);
  });
});

describe('a bucket prefix as a file store', () => {
  it('lists its objects by key without the other set, reads them as streams, writes, refuses keys of the other set, and clears only its own', async () => {
    const s3 = await startS3Server();
    const client = new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    try {
      const put = (Key: string, Body: string) => client.send(new PutObjectCommand({ Bucket: s3.bucket, Key, Body }));
      await put('site/entries/b.pdf', 'b');
      await put('site/photos/a.jpg', 'a');
      await put('site/uploads/hero.jpg', 'hero');
      await put('other/entries/c.pdf', 'c');
      const privateFiles = bucketStore(client, s3.bucket, { prefix: 'site/', except: 'site/uploads/' });
      const uploads = bucketStore(client, s3.bucket, { prefix: 'site/uploads/' });
      const keys = async (store: ReturnType<typeof bucketStore>) => {
        const found: string[] = [];
        for await (const key of store.list()) found.push(key);
        return found;
      };
      expect(await keys(privateFiles)).toEqual(['entries/b.pdf', 'photos/a.jpg']);
      expect(await keys(uploads)).toEqual(['hero.jpg']);
      expect(await text(privateFiles.read('entries/b.pdf'))).toBe('b');
      // A key gone since it was listed fails its stream as a missing file does.
      await expect(text(privateFiles.read('entries/gone.pdf'))).rejects.toMatchObject({ code: 'ENOENT' });
      expect(() => privateFiles.read('uploads/hero.jpg')).toThrow(/outside its set/);
      expect(() => uploads.read('../entries/b.pdf')).toThrow(/outside its set/);

      await privateFiles.write('entries/new.pdf', Readable.from([Buffer.from('new bytes')]));
      expect((await s3.read('site/entries/new.pdf'))?.toString()).toBe('new bytes');
      await privateFiles.clear();
      expect((await s3.objects()).map((o) => o.key)).toEqual(['other/entries/c.pdf', 'site/uploads/hero.jpg']);
    } finally {
      client.destroy();
      await s3.stop();
    }
  }, 60_000); // it starts an s3rver, as tests/test-servers.test.ts does
});

describe('a folder as a file store', () => {
  it('lists every finished file by its path, not the ones still being written, and refuses keys outside it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'writory-store-'));
    try {
      mkdirSync(join(dir, 'entries'));
      writeFileSync(join(dir, 'entries', 'b.pdf'), 'b');
      writeFileSync(join(dir, 'entries', 'c.pdf.partial'), 'half');
      writeFileSync(join(dir, 'a.jpg'), 'a');
      const store = folderStore(dir);
      const keys: string[] = [];
      for await (const key of store.list()) keys.push(key);
      expect(keys).toEqual(['a.jpg', 'entries/b.pdf']);
      expect(() => store.read('../outside')).toThrow(/outside its folder/);
      const missing: string[] = [];
      for await (const key of folderStore(join(dir, 'none')).list()) missing.push(key);
      expect(missing).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
