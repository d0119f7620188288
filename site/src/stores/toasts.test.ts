import { beforeEach, describe, expect, it } from 'vitest';
import { $toast, dismissToast, showToast } from './toasts';

beforeEach(() => $toast.set(null));

describe('toasts store', () => {
  it('shows at most one toast: a new one replaces the old', () => {
    showToast({ title: 'First' });
    const second = showToast({ title: 'Second', variant: 'destructive' });
    expect($toast.get()).toEqual(second);
    expect($toast.get()?.title).toBe('Second');
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
