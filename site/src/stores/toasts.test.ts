import { beforeEach, describe, expect, it } from 'vitest';
import { $toast, dismissToast, showToast, TOAST_EVENT } from './toasts';

beforeEach(() => $toast.set(null));

describe('toasts store', () => {
  it('shows at most one toast: a new one replaces the old', () => {
    showToast({ title: 'First' });
    const second = showToast({ title: 'Second', variant: 'destructive' });
    expect($toast.get()).toEqual(second);
    expect($toast.get()?.title).toBe('Second');
  });

  it('announces every new toast on window, for the toaster that hydrates on the first one', () => {
    const seen: string[] = [];
    const listener = () => seen.push($toast.get()!.title);
    window.addEventListener(TOAST_EVENT, listener);
    showToast({ title: 'Saved' });
    showToast({ title: 'Sent' });
    window.removeEventListener(TOAST_EVENT, listener);
    expect(seen).toEqual(['Saved', 'Sent']);
  });

  it('dismissing an old id leaves the current toast alone', () => {
    const first = showToast({ title: 'First' });
    showToast({ title: 'Second' });
    dismissToast(first.id);
    expect($toast.get()?.title).toBe('Second');
    dismissToast();
    expect($toast.get()).toBeNull();
  });
});
