// `npm run bench [-- <name> …] [--runs=N] [--reuse-site] [--quick]`: builds and starts the stack on loopback on its own dataset, runs the
// benchmarks in bench/ (all, or the ones named) and writes bench/results/latest.{json,md}.
// --runs=N: runs per figure (default 3; the rebuild takes N-1). --reuse-site serves the site/dist already there instead of building it (for work on one benchmark).
// --quick: shorter versions of the long benchmarks (contest-day: 15 s of load instead of 60).
// Benchmarks print and save figures; a slow run never fails. Only a benchmark that breaks exits non-zero.
import { log } from './lib/stack.mjs';
import { runBench } from '../bench/run.mjs';

const args = process.argv.slice(2);
const names = args.filter((a) => !a.startsWith('-'));
let stopping = false;
const runs = Number(/^--runs=(\d+)$/.exec(args.find((a) => a.startsWith('--runs=')) ?? '')?.[1] ?? 3);
const { stop, done } = runBench({ names, runs, reuseSite: args.includes('--reuse-site'), quick: args.includes('--quick'), log });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (stopping) return; // a second Ctrl-C waits for the first stop
    stopping = true;
    stop().then(() => process.exit(130));
  });
}
done.then(
  (ok) => process.exit(ok ? 0 : 1),
  async (error) => {
    log(`bench: ${error.stack ?? error.message}`);
    await stop();
    process.exit(1);
  },
);
