// The testimonial carousel's timing, without any DOM: which slide shows, when it advances, and
// why it is paused. The island feeds it hover, focus, touch, visibility and reduced-motion changes.

/** Spec section 9: testimonial rotation every 3 s. */
export const ROTATION_MS = 3000;

/**
 * Why rotation is stopped. Transient reasons (hover, focus, touch, hidden) clear by themselves;
 * 'user' (the pause button) and 'reduced-motion' stay until the visitor presses play.
 */
export type PauseReason = 'hover' | 'focus' | 'touch' | 'hidden' | 'user' | 'reduced-motion';

export interface CarouselState {
  index: number;
  count: number;
  /** True while the timer is running: nothing pauses it and there are at least two slides. */
  rotating: boolean;
  /** True when the visitor (or their reduced-motion setting) has stopped rotation: the button offers play. */
  stoppedByChoice: boolean;
}

export interface Carousel {
  getState(): CarouselState;
  subscribe(listener: (state: CarouselState) => void): () => void;
  next(): void;
  previous(): void;
  goTo(index: number): void;
  setCount(count: number): void;
  pause(reason: PauseReason): void;
  resume(reason: PauseReason): void;
  /** The pause/play button: play clears the visitor's and the reduced-motion stop. */
  toggle(): void;
  destroy(): void;
}

/** Index wrapped into 0..count-1 in both directions (-1 is the last slide). */
export function wrapIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return ((index % count) + count) % count;
}

export interface CarouselOptions {
  count: number;
  intervalMs?: number;
  startIndex?: number;
  /** Start with these reasons, e.g. 'reduced-motion' when the visitor asked for less motion. */
  paused?: PauseReason[];
}

export function createCarousel({ count, intervalMs = ROTATION_MS, startIndex = 0, paused = [] }: CarouselOptions): Carousel {
  let index = wrapIndex(startIndex, count);
  let slides = count;
  const reasons = new Set<PauseReason>(paused);
  const listeners = new Set<(state: CarouselState) => void>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let destroyed = false;
  let state = snapshot();

  function snapshot(): CarouselState {
    return {
      index,
      count: slides,
      rotating: !destroyed && reasons.size === 0 && slides > 1,
      stoppedByChoice: reasons.has('user') || reasons.has('reduced-motion'),
    };
  }

  function emit() {
    const next = snapshot();
    if (next.index === state.index && next.count === state.count && next.rotating === state.rotating && next.stoppedByChoice === state.stoppedByChoice) return;
    state = next;
    for (const listener of listeners) listener(state);
  }

  /** (Re)starts a full interval when rotating, so every slide gets its 3 s, also after a manual move. */
  function schedule() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (destroyed || reasons.size > 0 || slides < 2) return;
    timer = setTimeout(() => {
      timer = null;
      index = wrapIndex(index + 1, slides);
      emit();
      schedule();
    }, intervalMs);
  }

  function move(to: number) {
    index = wrapIndex(to, slides);
    emit();
    schedule();
  }

  schedule();

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    next: () => move(index + 1),
    previous: () => move(index - 1),
    goTo: (to) => move(to),
    setCount(count) {
      slides = Math.max(0, count);
      index = wrapIndex(index, slides);
      emit();
      schedule();
    },
    pause(reason) {
      if (reasons.has(reason)) return;
      reasons.add(reason);
      emit();
      schedule();
    },
    resume(reason) {
      if (!reasons.delete(reason)) return;
      emit();
      schedule();
    },
    toggle() {
      if (reasons.has('user') || reasons.has('reduced-motion')) {
        reasons.delete('user');
        reasons.delete('reduced-motion');
      } else {
        reasons.add('user');
      }
      emit();
      schedule();
    },
    destroy() {
      destroyed = true;
      if (timer !== null) clearTimeout(timer);
      timer = null;
      listeners.clear();
    },
  };
}
