// Rebuilds the static site when the cms says content changed: debounced, one build at a time,
// and a change that arrives during a build triggers one more build after it, unless the build read the cms a debounce
// or more after the change was told (a build says when it first read it: `readFrom`, a Date.now() time), as a build
// started for that change would have: then it already has the change. (A build is ~5 CPU s, more than half of it
// bundling the code, before any read.)

/**
 * @param {{ build: () => Promise<{ readFrom?: number } | void>, debounceMs?: number, log?: (msg: string) => void }} options
 */
export function createRebuilder({ build, debounceMs = 1500, log = () => {} }) {
  let timer = null;
  let running = null;
  let pendingAfterRun = false;
  let builds = 0;
  let builtWithout = 0;
  /** When the latest change was told. */
  let requestedAt = 0;

  async function run() {
    timer = null;
    if (running) {
      pendingAfterRun = true;
      return;
    }
    const started = Date.now();
    running = build()
      .then((result) => {
        builds += 1;
        log(`site rebuilt in ${((Date.now() - started) / 1000).toFixed(1)} s`);
        // Every change so far was told a debounce or more before this build read the cms, the least a build started
        // for it would have waited (the cms tells after it saved): this build has them all, another is not needed.
        const readFrom = result?.readFrom;
        if ((pendingAfterRun || timer) && typeof readFrom === 'number' && requestedAt + debounceMs <= readFrom) {
          pendingAfterRun = false;
          clearTimeout(timer);
          timer = null;
          builtWithout += 1;
          log('the changes told during the build were told before it read the cms: no second build');
        }
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
    request() {
      requestedAt = Date.now();
      schedule();
    },
    get builds() {
      return builds;
    },
    /** How many builds asked for during a build were not needed: that build read the cms long enough after. */
    get builtWithout() {
      return builtWithout;
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
