import type { ReactNode } from 'react';

/** A wide table's scrolling box: focusable and named, so keyboard users can scroll it too. */
export default function ScrollRegion({ label, children, className = '' }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className={`overflow-x-auto rounded-lg border border-stone-200 bg-white ${className}`}>
      {children}
    </div>
  );
}
