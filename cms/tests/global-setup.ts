// Once per cms test run, before any file: one Auth emulator for every file (each empties it as it starts).
import { startRunAuthEmulator } from './helpers/auth-emulator';

export default async function setup() {
  const emulator = await startRunAuthEmulator();
  return () => emulator.stop();
}
