// `npm run backup -- [--out DIR]`: a consistent backup of the database, private files and uploads while the
// site is in use (scripts/lib/backup.mjs). Without --out: backups/<UTC time> at the repository root.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { root } from './toolchain.mjs';
import { backup, BackupError } from './lib/backup.mjs';

const log = (msg) => process.stdout.write(`[backup] ${msg}\n`);

try {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const out = values.out ?? join(root, 'backups', new Date().toISOString().replace(/[:.]/g, '-'));
  const started = Date.now();
  const manifest = await backup({ out, log });
  const bytes = manifest.database.size + manifest.files.reduce((sum, f) => sum + f.size, 0);
  log(
    `done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${manifest.files.length} files and the ${manifest.database.client} database, ${(bytes / 1e6).toFixed(1)} MB, in ${out}`,
  );
} catch (error) {
  process.stderr.write(`[backup] ${error instanceof BackupError || error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? error.message : error.stack}\n`);
  process.exit(1);
}
