// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROTATION_MS, createCarousel, wrapIndex, type Carousel, type PauseReason } from './carousel';

let carousel: Carousel;
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  carousel?.destroy();
  vi.useRealTimers();
});

const index = () => carousel.getState().index;

describe('wrapIndex', () => {
  it.each([
    [0, 5, 0],
    [4, 5, 4],
    [5, 5, 0],
    [-1, 5, 4],
    [-6, 5, 4],
    [11, 5, 1],
    [3, 0, 0],
  ])('wrapIndex(%i, %i) is %i', (i, count, expected) => expect(wrapIndex(i, count)).toBe(expected));
});

describe('carousel timing', () => {
  it('rotates every 3 s and wraps from the last slide to the first', () => {
    carousel = createCarousel({ count: 3 });
    expect(ROTATION_MS).toBe(3000);
    expect(carousel.getState()).toMatchObject({ index: 0, rotating: true });
    vi.advanceTimersByTime(2999);
    expect(index()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(index()).toBe(1);
    vi.advanceTimersByTime(3000);
    expect(index()).toBe(2);
    vi.advanceTimersByTime(3000);
    expect(index()).toBe(0);
  });

  it('notifies subscribers on every change', () => {
    carousel = createCarousel({ count: 3 });
    const seen: number[] = [];
    carousel.subscribe((s) => seen.push(s.index));
    vi.advanceTimersByTime(9000);
    expect(seen).toEqual([1, 2, 0]);
  });

  it.each<PauseReason>(['hover', 'focus', 'touch', 'hidden'])('pauses while %s lasts and resumes with a full interval', (reason) => {
    carousel = createCarousel({ count: 4 });
    vi.advanceTimersByTime(2000);
    carousel.pause(reason);
    expect(carousel.getState().rotating).toBe(false);
    expect(carousel.getState().stoppedByChoice).toBe(false);
    vi.advanceTimersByTime(30_000);
    expect(index()).toBe(0);
    carousel.resume(reason);
    expect(carousel.getState().rotating).toBe(true);
    vi.advanceTimersByTime(2999);
    expect(index()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(index()).toBe(1);
  });

  it('stays paused until every reason is gone (hover ends while focus is still inside)', () => {
    carousel = createCarousel({ count: 3 });
    carousel.pause('hover');
    carousel.pause('focus');
    carousel.resume('hover');
    vi.advanceTimersByTime(10_000);
    expect(index()).toBe(0);
    carousel.resume('focus');
    vi.advanceTimersByTime(3000);
    expect(index()).toBe(1);
  });

  it('a touch pauses, and the release restarts the 3 s count', () => {
    carousel = createCarousel({ count: 3 });
    vi.advanceTimersByTime(2900);
    carousel.pause('touch');
    vi.advanceTimersByTime(1000);
    carousel.resume('touch');
    vi.advanceTimersByTime(2900);
    expect(index()).toBe(0);
    vi.advanceTimersByTime(100);
    expect(index()).toBe(1);
  });

  it('previous and next wrap both ways and restart the interval', () => {
    carousel = createCarousel({ count: 3 });
    carousel.previous();
    expect(index()).toBe(2);
    carousel.next();
    expect(index()).toBe(0);
    carousel.next();
    carousel.next();
    expect(index()).toBe(2);
    carousel.next();
    expect(index()).toBe(0);
    vi.advanceTimersByTime(2000);
    carousel.next();
    vi.advanceTimersByTime(2999);
    expect(index()).toBe(1);
    vi.advanceTimersByTime(1);
    expect(index()).toBe(2);
  });

  it('previous and next work while paused and do not restart rotation', () => {
    carousel = createCarousel({ count: 3 });
    carousel.pause('hover');
    carousel.next();
    carousel.previous();
    carousel.previous();
    expect(index()).toBe(2);
    vi.advanceTimersByTime(10_000);
    expect(index()).toBe(2);
  });

  it('the pause button stops rotation until play, and hover does not undo it', () => {
    carousel = createCarousel({ count: 3 });
    carousel.toggle();
    expect(carousel.getState()).toMatchObject({ rotating: false, stoppedByChoice: true });
    carousel.pause('hover');
    carousel.resume('hover');
    vi.advanceTimersByTime(10_000);
    expect(index()).toBe(0);
    carousel.toggle();
    expect(carousel.getState()).toMatchObject({ rotating: true, stoppedByChoice: false });
    vi.advanceTimersByTime(3000);
    expect(index()).toBe(1);
  });

  it('never auto-advances under reduced motion until the visitor presses play', () => {
    carousel = createCarousel({ count: 3, paused: ['reduced-motion'] });
    expect(carousel.getState()).toMatchObject({ rotating: false, stoppedByChoice: true });
    vi.advanceTimersByTime(60_000);
    expect(index()).toBe(0);
    carousel.next();
    expect(index()).toBe(1);
    vi.advanceTimersByTime(60_000);
    expect(index()).toBe(1);
    carousel.toggle();
    vi.advanceTimersByTime(3000);
    expect(index()).toBe(2);
  });

  it('does not rotate a single slide, and keeps the index in range when slides go away', () => {
    carousel = createCarousel({ count: 1 });
    expect(carousel.getState().rotating).toBe(false);
    vi.advanceTimersByTime(10_000);
    expect(index()).toBe(0);
    carousel.setCount(5);
    carousel.goTo(4);
    carousel.setCount(2);
    expect(index()).toBe(0);
    expect(carousel.getState()).toMatchObject({ count: 2, rotating: true });
  });

  it('stops its timer when destroyed', () => {
    carousel = createCarousel({ count: 3 });
    carousel.destroy();
    expect(vi.getTimerCount()).toBe(0);
  });
});
