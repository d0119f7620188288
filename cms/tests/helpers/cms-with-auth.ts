// The cms and the Auth emulator, started side by side (the cms only needs the emulator's address to boot).
import { AUTH_EMULATOR_ENV, startAuthEmulator, type AuthEmulator } from './auth-emulator';
import { startTestCms, type TestCms } from './strapi';

export interface CmsWithAuth {
  cms: TestCms;
  emulator: AuthEmulator;
  stop(): Promise<void>;
}

export async function startCmsWithAuth(env: Record<string, string> = {}): Promise<CmsWithAuth> {
  const [emulator, cms] = await Promise.allSettled([startAuthEmulator(), startTestCms({ ...AUTH_EMULATOR_ENV, ...env })]);
  const stop = async () => {
    if (cms.status === 'fulfilled') await cms.value.stop();
    if (emulator.status === 'fulfilled') await emulator.value.stop();
  };
  if (emulator.status === 'rejected' || cms.status === 'rejected') {
    await stop();
    throw emulator.status === 'rejected' ? emulator.reason : (cms as PromiseRejectedResult).reason;
  }
  return { cms: cms.value, emulator: emulator.value, stop };
}
