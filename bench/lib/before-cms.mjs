// The "before" side of a before/after benchmark (contest-day): the cms as another commit has it, so no switch for
// the old paths needs to live in src/. BENCH_BEFORE_REF names the commit (default: where this branch left main, or
// HEAD~1 on main itself). Its tree is exported with `git archive` into .var/bench/before/<commit>/ (outside the
// repository's worktrees), given this checkout's installed packages (node_modules linked: the same versions unless the
// commit changed a dependency; @writory/shared is this checkout's), and its server code compiled with tsc once per
// commit. It starts with SERVE_ADMIN_PANEL=false (the panel is not built: no benchmark needs it).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../../scripts/toolchain.mjs';
import { LOG_DIR } from './stack.mjs';

const git = (...args) => execFileSync('git', ['-C', root, ...args], { encoding: 'utf8' }).trim();

/** The commit "before" means: BENCH_BEFORE_REF, or the merge base with main (HEAD~1 when that is HEAD itself). */
export function beforeRef(env = process.env) {
  if (env.BENCH_BEFORE_REF) return git('rev-parse', `${env.BENCH_BEFORE_REF}^{commit}`);
  const head = git('rev-parse', 'HEAD');
  let base = head;
  try {
    base = git('merge-base', 'HEAD', 'main');
  } catch {
    // no main here: the previous commit
  }
  return base === head ? git('rev-parse', 'HEAD~1') : base;
}

/** The built cms folder of `commit` (exported and compiled on first use); returns { cmsDir, commit, env }. */
export function beforeCms({ commit = beforeRef(), log = console.log } = {}) {
  const dir = join(LOG_DIR, 'before', commit.slice(0, 12));
  const cmsDir = join(dir, 'cms');
  const built = join(cmsDir, 'dist', 'src', 'index.js');
  if (!existsSync(built)) {
    log(`bench: exporting and compiling the cms of ${commit.slice(0, 12)} for the "before" side`);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    execFileSync('sh', ['-c', `git -C "${root}" archive --format=tar "${commit}" cms packages | tar -x -C "${dir}"`]);
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
    if (existsSync(join(root, 'cms', 'node_modules'))) symlinkSync(join(root, 'cms', 'node_modules'), join(cmsDir, 'node_modules'));
    try {
      execFileSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json', '--noEmitOnError', 'false'], {
        cwd: cmsDir,
        stdio: 'inherit',
      });
    } catch (error) {
      // The old cms type-checks against this checkout's @writory/shared (linked packages), whose wire types may have
      // grown since; tsc still writes its JavaScript, which is what runs. Anything else (nothing written) is fatal.
      if (!existsSync(built)) throw error;
      log(`bench: the cms of ${commit.slice(0, 12)} compiled with type errors against this checkout's shared types (its JavaScript runs as written)`);
    }
  }
  return { cmsDir, commit, env: { SERVE_ADMIN_PANEL: 'false' } };
}
