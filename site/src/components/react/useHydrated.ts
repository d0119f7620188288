import { useEffect, useState } from 'react';

/**
 * False during server rendering and the first client render, true after: an island whose first
 * render must match its server HTML reads the stores' live values only once this is true.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
