// Boots the built cms on the databases its steps name, one after the other, then exits: tests/helpers/templates.ts
// makes the run's database templates with it, in a process of its own so the test runner never hosts a Strapi.
// WRITORY_TEMPLATE_STEPS is a JSON list of steps: `{ "env": {…} }` boots the cms with those variables on top of the
// process's and stops it; `{ "copy": [from, to] }` copies a file; `{ "run": [command, ...args] }` runs a command. Every
// boot after the first finds Strapi's code loaded (about 6 s less CPU than a process each); the cms's own code is
// loaded afresh for each, as tests/helpers/strapi.ts does between files.
const { execFileSync } = require('node:child_process');
const { copyFileSync } = require('node:fs');
const path = require('node:path');
const { createStrapi } = require('@strapi/strapi');

const appDir = path.resolve(__dirname, '..', '..');
const fresh = [path.join(appDir, 'dist') + path.sep, path.dirname(require.resolve('@strapi/plugin-users-permissions/package.json')) + path.sep];
const base = { ...process.env };

async function boot(env) {
  for (const key of Object.keys(process.env)) if (!(key in base)) delete process.env[key];
  Object.assign(process.env, base, env);
  const strapi = await createStrapi({ appDir, distDir: path.join(appDir, 'dist') }).load();
  await strapi.destroy();
  for (const file of Object.keys(require.cache)) if (fresh.some((dir) => file.startsWith(dir))) delete require.cache[file];
}

async function main() {
  for (const step of JSON.parse(process.env.WRITORY_TEMPLATE_STEPS)) {
    if (step.env) await boot(step.env);
    else if (step.copy) copyFileSync(step.copy[0], step.copy[1]);
    else if (step.run) execFileSync(step.run[0], step.run.slice(1), { stdio: 'inherit' });
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
