import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { processBasics } from './helpers/strapi';
import { timed } from './helpers/timings';

const cmsDir = path.resolve(__dirname, '..');
const strapiBin = path.resolve(cmsDir, '..', 'node_modules', '.bin', 'strapi');

/** How long a refusing cms may take to exit: loading Strapi is a few seconds of CPU, far longer on a busy machine. */
const START_TIMEOUT_MS = 60_000;

function startCms(env: Record<string, string>) {
  return spawnSync(strapiBin, ['start'], {
    cwd: cmsDir,
    env: { ...processBasics(), STRAPI_TELEMETRY_DISABLED: 'true', PORT: '0', ...env },
    encoding: 'utf8',
    timeout: START_TIMEOUT_MS,
  });
}

describe('the cms refuses to start on broken configuration', () => {
  it.each([
    ['an unknown database client', { DATABASE_CLIENT: 'mongodb' }, 'DATABASE_CLIENT must be one of sqlite, postgres (got "mongodb")'],
    ['production without secrets', { NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'p' }, 'production needs these secrets set'],
    [
      'the auth emulator in production',
      {
        NODE_ENV: 'production',
        FIREBASE_PROJECT_ID: 'p',
        FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
        APP_KEYS: 'a,b',
        API_TOKEN_SALT: 's',
        ADMIN_JWT_SECRET: 's',
        TRANSFER_TOKEN_SALT: 's',
        JWT_SECRET: 's',
        ENCRYPTION_KEY: 's',
      },
      'FIREBASE_AUTH_EMULATOR_HOST is set',
    ],
    [
      'the auth emulator on every interface',
      { NODE_ENV: 'development', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', HOST: '0.0.0.0' },
      'FIREBASE_AUTH_EMULATOR_HOST is set and HOST=0.0.0.0 listens beyond this machine: the emulator accepts unsigned tokens',
    ],
    ['an unknown file storage', { FILE_STORAGE: 'gcs' }, 'FILE_STORAGE must be one of local, s3 (got "gcs")'],
    [
      'a bucket without credentials',
      { FILE_STORAGE: 's3', S3_BUCKET: 'writory', S3_REGION: 'us-east-1', S3_ENDPOINT: 'http://127.0.0.1:9000/writory' },
      'FILE_STORAGE=s3 needs S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY; S3_ENDPOINT must be an http(s) origin',
    ],
  ])(
    '%s: exits 1 with a one-line reason',
    async (_name, env, reason) => {
      const result = await timed('cms process: refusal', async () => startCms(env));
      expect(result.status).toBe(1);
      const lines = result.stderr
        .trim()
        .split('\n')
        .filter((line) => line.startsWith('writory-cms:'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('refusing to start');
      expect(lines[0]).toContain(reason);
    },
    // The test's own limit covers the child's: on a loaded machine a refusal took 31 to 44 s, past Vitest's default.
    START_TIMEOUT_MS + 10_000,
  );
});
