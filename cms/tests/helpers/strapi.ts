// Boots the real cms in-process on a throwaway database and serves its HTTP API to supertest.
import { createRequire } from 'node:module';
import { copyFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import supertest from 'supertest';
import type { Core } from '@strapi/strapi';
import { freePort } from './postgres';

const require = createRequire(import.meta.url);
const appDir = path.resolve(__dirname, '..', '..');

export interface TestCms {
  strapi: Core.Strapi;
  api: ReturnType<typeof supertest>;
  stop(): Promise<void>;
}

/** Set by tests/global-setup.ts: a SQLite file with the cms's tables and no rows of ours. */
export const SQLITE_TEMPLATE = 'WRITORY_SQLITE_TEMPLATE';

/** What every test cms boots with; a file's own variables come on top. */
export async function testCmsEnv(dbFile: string, privateDir: string): Promise<Record<string, string>> {
  return {
    NODE_ENV: 'test',
    DATABASE_CLIENT: 'sqlite',
    DATABASE_FILENAME: dbFile,
    SERVE_ADMIN_PANEL: 'false',
    PRIVATE_FILES_DIR: privateDir,
    CRON_ENABLED: 'false',
    WRITORY_DEMO_DATA: 'true',
    FIREBASE_PROJECT_ID: 'demo-writory',
    STRAPI_TELEMETRY_DISABLED: 'true',
    // Mail goes to a port nobody listens on (refused at once) unless a test starts its own sink: never to
    // whatever mail sink another stack on this machine runs on the default port.
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(await freePort()),
  };
}

/**
 * A new SQLite database starts as a copy of the run's template (its tables made once, about 3 s less per boot), unless
 * the file names its own database or asks for an `emptyDatabase`, which the cms creates table by table.
 */
export async function startTestCms(env: Record<string, string> = {}, { emptyDatabase = false } = {}): Promise<TestCms> {
  const dbFile = `.tmp/test-${process.pid}-${Date.now()}.db`;
  // Entries' private files (the demo entries' too) go to a folder of this run, removed with its database.
  const privateDir = path.join(appDir, '.tmp', `private-${process.pid}-${Date.now()}`);
  Object.assign(process.env, await testCmsEnv(dbFile, privateDir), env);
  const template = process.env[SQLITE_TEMPLATE];
  if (template && !emptyDatabase && !env.DATABASE_FILENAME && process.env.DATABASE_CLIENT === 'sqlite') copyFileSync(template, path.join(appDir, dbFile));
  const { createStrapi } = require('@strapi/strapi');
  const strapi: Core.Strapi = await createStrapi({ appDir, distDir: path.join(appDir, 'dist') }).load();
  strapi.log.level = 'warn';
  await strapi.server.mount();
  return {
    strapi,
    api: supertest(strapi.server.httpServer),
    async stop() {
      // strapi.destroy() removes every process listener, Vitest's unhandled-error reporting included: without it an
      // error after shutdown kills the worker and its file never reports. Put those listeners back.
      const errorListeners = (['uncaughtException', 'unhandledRejection'] as const).map(
        (event) => [event, (process as NodeJS.EventEmitter).listeners(event)] as const,
      );
      await strapi.destroy();
      for (const [event, listeners] of errorListeners) {
        for (const listener of listeners)
          if (!(process as NodeJS.EventEmitter).listeners(event).includes(listener))
            (process as NodeJS.EventEmitter).on(event, listener as (...args: unknown[]) => void);
      }
      rmSync(env.PRIVATE_FILES_DIR ?? privateDir, { recursive: true, force: true });
      if (env.DATABASE_CLIENT !== 'postgres') {
        for (const suffix of ['', '-wal', '-shm']) rmSync(path.join(appDir, dbFile + suffix), { force: true });
      }
    },
  };
}

/** The cms's address on a loopback port of its own, listening first if it is not yet: a real socket, so requests overlap. */
export async function listening(cms: TestCms): Promise<string> {
  const server = cms.strapi.server.httpServer;
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
