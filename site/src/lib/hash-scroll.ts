// Hash links (/#testimonials, /#rewards, /#rules, /about#our-team, …) scroll to their section,
// trying again a few times when the element is not on the page yet (spec: up to 5 retries).

export const HASH_SCROLL_RETRIES = 5;
export const HASH_SCROLL_DELAY_MS = 150;

export interface HashScrollDeps {
  find(id: string): Element | null;
  scroll(element: Element): void;
  wait(ms: number): Promise<void>;
}

/** The element id a location hash names ("#rules" → "rules"), or null for an empty or bare "#". */
export function idFromHash(hash: string): string | null {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!raw) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * Scrolls to the element the hash names. When it is missing, waits and looks again, up to
 * `retries` more times (the delay grows with each try). Resolves whether it scrolled.
 */
export async function scrollToHash(
  hash: string,
  deps: HashScrollDeps,
  { retries = HASH_SCROLL_RETRIES, delayMs = HASH_SCROLL_DELAY_MS }: { retries?: number; delayMs?: number } = {},
): Promise<boolean> {
  const id = idFromHash(hash);
  if (!id) return false;
  for (let attempt = 0; attempt <= retries; attempt += 1) {
    if (attempt > 0) await deps.wait(delayMs * attempt);
    const element = deps.find(id);
    if (element) {
      deps.scroll(element);
      return true;
    }
  }
  return false;
}

/** Wires scrollToHash to the page: once on load and on every hash change. */
export function installHashScroll(win: Window = window) {
  const deps: HashScrollDeps = {
    find: (id) => win.document.getElementById(id),
    scroll: (element) => element.scrollIntoView({ block: 'start' }),
    wait: (ms) => new Promise((resolve) => win.setTimeout(resolve, ms)),
  };
  const run = () => {
    if (win.location.hash) void scrollToHash(win.location.hash, deps);
  };
  win.addEventListener('hashchange', run);
  if (win.document.readyState === 'complete') run();
  else win.addEventListener('load', run, { once: true });
}
