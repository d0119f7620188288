// Once per cms test run, before any file: one Auth emulator for every file (each empties it as it starts), and the
// database templates new test databases are copied from.
import { startRunAuthEmulator } from './helpers/auth-emulator';
import { makeDatabaseTemplates } from './helpers/templates';

export default async function setup() {
  const [emulator, templates] = await Promise.allSettled([startRunAuthEmulator(), makeDatabaseTemplates()]);
  const teardown = async () => {
    if (emulator.status === 'fulfilled') await emulator.value.stop();
    if (templates.status === 'fulfilled') await templates.value();
  };
  const failed = [emulator, templates].find((part) => part.status === 'rejected');
  if (failed) {
    await teardown();
    throw failed.reason;
  }
  return teardown;
}
