import type { Core } from '@strapi/strapi';

/**
 * Work the cms starts and does not wait for: a receipt mailed after a commit, a live notification published
 * after one, a reminder's batches, a cron tick. Each runs with its failure logged (never an unhandled
 * rejection), and shutdown (`settleBackground`, from src/index.ts `destroy`) waits for all of it before the
 * database closes; work asked for after that is refused with a warning. Nothing queries a closed pool.
 */
interface Tracker {
  running: Set<Promise<void>>;
  closed: boolean;
}

const trackers = new WeakMap<Core.Strapi, Tracker>();

function trackerOf(strapi: Core.Strapi): Tracker {
  let tracker = trackers.get(strapi);
  if (!tracker) trackers.set(strapi, (tracker = { running: new Set(), closed: false }));
  return tracker;
}

/** Starts `task` now; the promise resolves when it has finished (failed or not) and never rejects. */
export function runInBackground(strapi: Core.Strapi, label: string, task: () => Promise<unknown>): Promise<void> {
  const tracker = trackerOf(strapi);
  if (tracker.closed) {
    strapi.log.warn(`${label}: not started, the cms is shutting down`);
    return Promise.resolve();
  }
  const run: Promise<void> = (async () => task())().then(
    () => undefined,
    (error) => {
      strapi.log.error(`${label} failed: ${(error as Error)?.message ?? error}`);
    },
  );
  tracker.running.add(run);
  void run.finally(() => tracker.running.delete(run));
  return run;
}

/** Background tasks still running. */
export const backgroundCount = (strapi: Core.Strapi) => trackerOf(strapi).running.size;

/** Resolves once no background task runs, tasks started meanwhile included (tests wait on this, not on a clock). */
export async function backgroundIdle(strapi: Core.Strapi): Promise<void> {
  const tracker = trackerOf(strapi);
  while (tracker.running.size > 0) await Promise.all(tracker.running);
}

/**
 * Waits until no background task runs (tasks started meanwhile included), then refuses new ones. Past
 * `deadlineMs` (a mail server that never answers) it gives up waiting and says how many it left behind.
 */
export async function settleBackground(strapi: Core.Strapi, deadlineMs = 30_000): Promise<void> {
  const tracker = trackerOf(strapi);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), deadlineMs)));
  try {
    while (tracker.running.size > 0) {
      if ((await Promise.race([Promise.all(tracker.running), deadline])) === 'late') {
        strapi.log.warn(`shutdown: ${tracker.running.size} background task(s) still running after ${deadlineMs} ms, not waiting longer`);
        break;
      }
    }
  } finally {
    clearTimeout(timer);
    tracker.closed = true;
  }
}
