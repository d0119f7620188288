// Once per cms test run, before any file: an Auth emulator for each worker thread (each file empties its worker's as
// it starts), and the database templates new test databases are copied from. Both integration projects name this
// setup (cms/vitest.config.ts); Vitest runs their setups one after the other in its own process, and the second finds
// the first's work in process.env and leaves it to the first's teardown.
import path from 'node:path';
import { startRunAuthEmulators } from './helpers/auth-emulator';
import { makeDatabaseTemplates } from './helpers/templates';

const DONE = 'WRITORY_CMS_TEST_SETUP';

export default async function setup() {
  if (process.env[DONE] === '1') return async () => {};
  // Node's compile cache for every cms process the run starts (the templates' boot, the files' `strapi start`s):
  // `npm test` sets it for everything it runs (scripts/lib/stack.mjs, the same folder), `npx vitest` here.
  process.env.NODE_COMPILE_CACHE ??= path.resolve(__dirname, '..', '..', '.var', 'node-compile-cache');
  const [emulators, templates] = await Promise.allSettled([startRunAuthEmulators(), makeDatabaseTemplates()]);
  const teardown = async () => {
    if (emulators.status === 'fulfilled') await emulators.value.stop();
    if (templates.status === 'fulfilled') await templates.value();
  };
  const failed = [emulators, templates].find((part) => part.status === 'rejected');
  if (failed) {
    await teardown();
    throw failed.reason;
  }
  process.env[DONE] = '1';
  return teardown;
}
