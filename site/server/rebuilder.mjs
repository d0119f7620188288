// Rebuilds the static site when the cms says content changed: debounced, one build at a time,
// and a change that arrives during a build triggers one more build after it.

/**
 * @param {{ build: () => Promise<void>, debounceMs?: number, log?: (msg: string) => void }} options
 */
export function createRebuilder({ build, debounceMs = 1500, log = () => {} }) {
  let timer = null;
  let running = null;
  let pendingAfterRun = false;
  let builds = 0;

  async function run() {
    timer = null;
    if (running) {
      pendingAfterRun = true;
      return;
    }
    const started = Date.now();
    running = build()
      .then(() => {
        builds += 1;
        log(`site rebuilt in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      })
      .catch((error) => log(`site rebuild failed: ${error.message}`))
      .finally(() => {
        running = null;
        if (pendingAfterRun) {
          pendingAfterRun = false;
          schedule();
        }
      });
    await running;
  }

  function schedule() {
    if (timer) clearTimeout(timer);
    timer = setTimeout(run, debounceMs);
  }

  return {
    /** Asks for a rebuild soon; many requests in a burst make one build. */
    request: schedule,
    get builds() {
      return builds;
    },
    get busy() {
      return Boolean(timer || running);
    },
    /** Resolves when no build is scheduled or running. */
    async idle() {
      while (timer || running) await (running ?? new Promise((r) => setTimeout(r, 50)));
    },
  };
}
