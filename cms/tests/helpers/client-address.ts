// A client address of each test's own, sent as X-Forwarded-For (the cms trusts loopback as a proxy), so the
// per-client limit one test reaches never carries over to the next, in whatever order they run.
import { beforeEach } from 'vitest';

/** Call inside a describe: the address of the test running now, `<prefix>.1`, `<prefix>.2`, … one per test. */
export function addressPerTest(prefix: string): () => string {
  let tests = 0;
  let address = '';
  beforeEach(() => {
    address = `${prefix}.${++tests}`;
  });
  return () => address;
}
