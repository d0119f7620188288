// The cms on a throwaway PostgreSQL cluster, as every *-postgres file boots it: the cluster first, then the cms on
// it (beside the Auth emulator unless `auth: false`), listening on a loopback port. stop() shuts them down in
// reverse order; a boot that fails stops what it started.
import supertest from 'supertest';
import { AUTH_EMULATOR_ENV, startAuthEmulator, type AuthEmulator } from './auth-emulator';
import { startCmsWithAuth } from './cms-with-auth';
import { startTestPostgres, type TestPostgres } from './postgres';
import { listening, seedsDemoData, startTestCms, type TestCms } from './strapi';

export interface CmsOnPostgres {
  pg: TestPostgres;
  cms: TestCms;
  /** Where the cms listens, and supertest on that address. */
  url: string;
  api: ReturnType<typeof supertest>;
  stop(): Promise<void>;
}

export type CmsWithAuthOnPostgres = CmsOnPostgres & { emulator: AuthEmulator };

export interface PostgresBootOptions {
  /** Start the Auth emulator too (default). */
  auth?: boolean;
  /** The emulator, then the cms, instead of side by side: for a file that boots more on a busy machine. */
  oneAtATime?: boolean;
  /**
   * An empty database the cms creates table by table, instead of a copy of the run's template (the copy with the
   * demo data seeded where the variables do not change what the seed writes: seedsDemoData).
   */
  emptyDatabase?: boolean;
}

type Env = Record<string, string>;

export function startCmsOnPostgres(env?: Env, options?: PostgresBootOptions & { auth?: true }): Promise<CmsWithAuthOnPostgres>;
export function startCmsOnPostgres(env: Env, options: PostgresBootOptions & { auth: false }): Promise<CmsOnPostgres>;
export async function startCmsOnPostgres(
  env: Env = {},
  { auth = true, oneAtATime = false, emptyDatabase = false }: PostgresBootOptions = {},
): Promise<CmsOnPostgres | CmsWithAuthOnPostgres> {
  const pg = await startTestPostgres({ withSchema: !emptyDatabase, withDemoData: seedsDemoData(env) });
  const running: { stop(): Promise<void> }[] = [pg];
  const stop = async () => {
    for (const part of running.splice(0).reverse()) await part.stop();
  };
  try {
    let cms: TestCms;
    let emulator: AuthEmulator | undefined;
    if (!auth) {
      cms = await startTestCms({ ...pg.env, ...env });
      running.push(cms);
    } else if (oneAtATime) {
      emulator = await startAuthEmulator();
      running.push(emulator);
      cms = await startTestCms({ ...AUTH_EMULATOR_ENV, ...pg.env, ...env });
      running.push(cms);
    } else {
      const stack = await startCmsWithAuth({ ...pg.env, ...env });
      running.push(stack);
      ({ cms, emulator } = stack);
    }
    const url = await listening(cms);
    return { pg, cms, ...(emulator ? { emulator } : {}), url, api: supertest(url), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
