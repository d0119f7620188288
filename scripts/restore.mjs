// `npm run restore -- DIR [--force]`: restores a backup made by `npm run backup` into the stack the environment
// names (its cms stopped). Refuses a damaged backup and a target that holds data (unless --force).
import { parseArgs } from 'node:util';
import { restore, BackupError } from './lib/backup.mjs';

const log = (msg) => process.stdout.write(`[restore] ${msg}\n`);

try {
  const { values, positionals } = parseArgs({ options: { force: { type: 'boolean', default: false } }, allowPositionals: true });
  if (positionals.length !== 1) throw new BackupError('usage: npm run restore -- DIR [--force]');
  const started = Date.now();
  const manifest = await restore({ dir: positionals[0], force: values.force, log });
  log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s: the backup started at ${manifest.startedAt} (commit ${manifest.gitCommit ?? 'unknown'})`);
} catch (error) {
  process.stderr.write(`[restore] ${error instanceof BackupError || error.code?.startsWith('ERR_PARSE_ARGS') ? error.message : error.stack}\n`);
  process.exit(1);
}
