import type { ReactNode } from 'react';

/** A loading note, read politely. */
export function Loading({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="text-ink-soft">
      {children}
    </p>
  );
}

/** A failure to load or save, read at once. */
export function Failure({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="text-sm text-red-800">
      {children}
    </p>
  );
}
