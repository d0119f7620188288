import type { ReactNode } from 'react';

/**
 * A wide table's frame: scrolls sideways on a narrow screen and can be focused to scroll with the keyboard
 * (a named region, as axe's scrollable-region-focusable rule asks).
 */
export default function ScrollRegion({ label, className = '', children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className={`overflow-x-auto ${className}`}>
      {children}
    </div>
  );
}
