// A value fetched from the cms, with whether it is still loading or failed: the shape every data store here uses.
import { atom, type WritableAtom } from 'nanostores';

export type LoadState = 'loading' | 'ready' | 'failed';
export interface Loadable<T> {
  state: LoadState;
  data: T | null;
}

export const loadable = <T>(): WritableAtom<Loadable<T>> => atom<Loadable<T>>({ state: 'loading', data: null });

/** Fetches into the store: ready with the answer, or failed (keeping nothing) with a console warning. */
export async function loadInto<T>(store: { set(value: Loadable<T>): void }, fetch: () => Promise<T>, what: string): Promise<void> {
  try {
    store.set({ state: 'ready', data: await fetch() });
  } catch (error) {
    console.warn(`Could not load ${what}`, error);
    store.set({ state: 'failed', data: null });
  }
}
