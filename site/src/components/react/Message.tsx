import type { ReactNode, Ref } from 'react';

/** A form-level error: announced when it appears, and focusable so focus can be moved to it. */
export function FormAlert({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <div role="alert" tabIndex={-1} data-form-alert className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
      {children}
    </div>
  );
}

/** A success or progress message, read politely by screen readers; the region stays so changes are announced. */
export function Notice({ children, innerRef, className = '' }: { children: ReactNode; innerRef?: Ref<HTMLDivElement>; className?: string }) {
  return (
    <div
      role="status"
      ref={innerRef}
      tabIndex={-1}
      className={children ? `rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-900 focus:outline-none ${className}` : undefined}
    >
      {children}
    </div>
  );
}
