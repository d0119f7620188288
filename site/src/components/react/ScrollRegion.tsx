import type { ReactNode } from 'react';

/**
 * A wide table's scrolling box, the one on every page: on a narrow screen only the table scrolls sideways, never the
 * page. Focusable and named (axe's scrollable-region-focusable rule), so keyboard users can scroll it too. Framed (a
 * white card with a border) unless `framed` is false.
 */
export default function ScrollRegion({
  label,
  children,
  className = '',
  framed = true,
}: {
  label: string;
  children: ReactNode;
  className?: string;
  framed?: boolean;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={`overflow-x-auto ${framed ? 'rounded-lg border border-stone-200 bg-white' : ''} ${className}`}
    >
      {children}
    </div>
  );
}
