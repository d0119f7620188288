// A story told in steps, for a test file whose cases follow one another (publish, then pick winners, …).

/**
 * Steps that each run once, in the order they are declared: a test first runs the steps before its own that no
 * test ran yet, then its own. So every test runs alone and in any order, and every step's assertions run once in
 * each run of the file, in the story's order (a test whose step an earlier test needed finds it done). A step
 * that failed fails every test that needs it.
 */
export function story() {
  const steps: (() => Promise<void>)[] = [];
  const runs = new Map<number, Promise<void>>();
  const through = async (last: number) => {
    for (let i = 0; i <= last; i++) {
      if (!runs.has(i)) runs.set(i, steps[i]());
      await runs.get(i);
    }
  };
  return {
    /** Declares the next step; returns the test body that runs the story up to it. */
    step(body: () => Promise<void>) {
      const index = steps.push(body) - 1;
      return () => through(index);
    },
    /** Runs every step no test ran yet. */
    all: () => through(steps.length - 1),
  };
}
