// The cms integration files run two at a time (cms/vitest.config.ts), one in each of two Vitest worker threads. What a
// file must not share with the file beside it, each worker has its own: its Auth emulator on ports of its own (this
// module), a database, private and public folder per boot (tests/helpers/strapi.ts).

/**
 * Worker threads the integration files run in at once (cms/vitest.config.ts reads it too). One: with two, a fresh
 * clone's run failed eleven tests in the files that start cms processes of their own (backup, two instances) or sign
 * in across a restart (admin articles): Auth emulator accounts duplicated or tokens refused (401), which the files
 * run alone never show. The second worker's ports below stay ready for when those files get their own emulator.
 */
export const INTEGRATION_WORKERS = 1;

/** This thread's worker, 1 or 2 (Vitest's VITEST_POOL_ID); 1 outside a Vitest worker (the run's global setup). */
export function workerNumber(): number {
  const id = Number(process.env.VITEST_POOL_ID ?? 1);
  if (!Number.isInteger(id) || id < 1 || id > INTEGRATION_WORKERS) {
    throw new Error(
      `VITEST_POOL_ID=${process.env.VITEST_POOL_ID}: the cms tests have ports for ${INTEGRATION_WORKERS} workers; raise INTEGRATION_WORKERS in tests/helpers/workers.ts and give the new worker ports that end in two digits no other port uses`,
    );
  }
  return id;
}

/**
 * How far a worker's own servers move from the first worker's ports: 3 per worker, so the second worker's (auth 9282,
 * hub 4422, logging 4472) end in two digits that no dev, e2e or first-worker port ends in, and checkouts
 * at offsets of whole hundreds never meet.
 */
export function workerPortShift(worker = workerNumber()): number {
  return (worker - 1) * 3;
}
