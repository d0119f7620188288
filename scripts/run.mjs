// Entry point of `npm start`, `npm test`, `npm run bench|mutate|backup|restore`: switches to the project's Node, installs, runs.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureInstalled, projectEnv, root } from './toolchain.mjs';

const [command, ...args] = process.argv.slice(2);
const commands = new Set(['start', 'test', 'bench', 'mutate', 'backup', 'restore']);
if (!commands.has(command)) {
  console.error(`usage: node scripts/run.mjs <${[...commands].join('|')}> [args]`);
  process.exit(2);
}

const env = projectEnv();
ensureInstalled(env);
const child = spawn('node', [join(root, 'scripts', `${command}.mjs`), ...args], { cwd: root, env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
