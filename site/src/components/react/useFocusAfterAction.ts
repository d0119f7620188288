import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react';

interface Pending {
  /** Where focus was when the action started: the control that was activated. */
  from: Element | null;
  target: () => HTMLElement | null | undefined;
}

/**
 * True while focus is still where an action left it: on the control that was activated, nowhere (that control's row
 * was removed or it went disabled), or on the container itself (a dialog). Anywhere else, the person has moved on.
 */
export function focusStayed(from: Element | null, container: Element | null | undefined, active: Element | null = document.activeElement): boolean {
  return active === from || active === null || active === document.body || active === document.documentElement || (!!container && active === container);
}

/**
 * Moves focus after an action, in the render that the action causes (a layout effect, never a later frame), and only
 * while focus is still where the action left it: a keyboard or screen-reader user who has already moved on keeps
 * their place. Returns `focusAfter(target, from?)`: call it in the handler that changes the state.
 */
export function useFocusAfterAction(container?: RefObject<Element | null>) {
  const pending = useRef<Pending | null>(null);
  const [request, setRequest] = useState(0);

  useLayoutEffect(() => {
    const next = pending.current;
    pending.current = null;
    if (next && focusStayed(next.from, container?.current)) next.target()?.focus();
  }, [request, container]);

  return useCallback((target: Pending['target'], from: Element | null = document.activeElement) => {
    pending.current = { from, target };
    setRequest((n) => n + 1);
  }, []);
}
