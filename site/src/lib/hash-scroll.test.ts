import { afterEach, describe, expect, it, vi } from 'vitest';
import { HASH_SCROLL_RETRIES, idFromHash, installHashScroll, scrollToHash, type HashScrollDeps } from './hash-scroll';

/** A page where the element with `id` appears after `appearsAfter` failed look-ups. */
function fakePage(id: string, appearsAfter: number) {
  const element = { id } as unknown as Element;
  let lookups = 0;
  const waits: number[] = [];
  const scrolled: Element[] = [];
  const deps: HashScrollDeps = {
    find: (wanted) => {
      lookups += 1;
      return wanted === id && lookups > appearsAfter ? element : null;
    },
    scroll: (el) => scrolled.push(el),
    wait: async (ms) => void waits.push(ms),
  };
  return { deps, waits, scrolled, element, lookups: () => lookups };
}

describe('idFromHash', () => {
  it.each([
    ['#rules', 'rules'],
    ['rules', 'rules'],
    ['#our%20team', 'our team'],
    ['#%E0%A4', '%E0%A4'],
    ['#', null],
    ['', null],
  ])('%j → %j', (hash, id) => expect(idFromHash(hash)).toBe(id));
});

describe('scrollToHash', () => {
  it('scrolls at once when the section is there', async () => {
    const page = fakePage('rules', 0);
    expect(await scrollToHash('#rules', page.deps)).toBe(true);
    expect(page.scrolled).toEqual([page.element]);
    expect(page.waits).toEqual([]);
  });

  it('retries until the section appears', async () => {
    const page = fakePage('testimonials', 3);
    expect(await scrollToHash('#testimonials', page.deps, { delayMs: 100 })).toBe(true);
    expect(page.waits).toEqual([100, 200, 300]);
    expect(page.scrolled).toHaveLength(1);
  });

  it(`gives up after ${HASH_SCROLL_RETRIES} retries`, async () => {
    const page = fakePage('rewards', 100);
    expect(await scrollToHash('#rewards', page.deps)).toBe(false);
    expect(page.waits).toHaveLength(5);
    expect(page.lookups()).toBe(6);
    expect(page.scrolled).toEqual([]);
  });

  it('finds a section on the fifth retry, the last one', async () => {
    const page = fakePage('rules', 5);
    expect(await scrollToHash('#rules', page.deps)).toBe(true);
  });

  it('does nothing for an empty hash', async () => {
    const page = fakePage('rules', 0);
    expect(await scrollToHash('#', page.deps)).toBe(false);
    expect(page.lookups()).toBe(0);
  });
});

describe('installHashScroll', () => {
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
    history.replaceState(null, '', '/');
  });

  it('scrolls to a section that is added to the page after load', async () => {
    vi.useFakeTimers();
    history.replaceState(null, '', '/#rules');
    const scrolled = vi.fn();
    installHashScroll(window);
    const section = document.createElement('section');
    section.id = 'rules';
    section.scrollIntoView = scrolled;
    await vi.advanceTimersByTimeAsync(200);
    document.body.append(section);
    await vi.advanceTimersByTimeAsync(2000);
    expect(scrolled).toHaveBeenCalledWith({ block: 'start' });
  });
});
