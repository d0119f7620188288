// scripts/lib/backup.mjs finds the data where the cms keeps it: the cms's variables first, then `npm start`'s
// locations, or the cms's own defaults in production. (Backup and restore themselves: cms/tests/backup*.test.ts.)
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataLocations, folderStore } from '../scripts/lib/backup.mjs';
import { cmsDataPaths } from '../scripts/lib/stack.mjs';

const root = join(__dirname, '..');
const cms = join(root, 'cms');

describe('where backup and restore find the data', () => {
  it('uses the variables the cms reads, relative paths from cms/ as the cms resolves them', () => {
    expect(dataLocations({ DATABASE_FILENAME: '.tmp/x.db', PRIVATE_FILES_DIR: '/srv/private', PUBLIC_UPLOADS_DIR: '/srv/uploads' })).toEqual({
      database: { client: 'sqlite', file: join(cms, '.tmp/x.db') },
      files: { private: '/srv/private', uploads: '/srv/uploads' },
    });
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
    expect(dataLocations({ DATABASE_CLIENT: 'postgres', DATABASE_URL: 'postgres://w@db/w' }).database).toEqual({ client: 'postgres', url: 'postgres://w@db/w', libpq: {} });
    expect(dataLocations({ DATABASE_CLIENT: 'postgres', DATABASE_HOST: 'db', DATABASE_PASSWORD: 's3cret', DATABASE_SSL: 'true' }).database).toEqual({
      client: 'postgres',
      url: null,
      libpq: { PGHOST: 'db', PGPORT: '5432', PGDATABASE: 'writory', PGUSER: 'writory', PGPASSWORD: 's3cret', PGSSLMODE: 'require' },
    });
  });
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
