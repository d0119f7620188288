import { describe, expect, it, vi } from 'vitest';
import { isTransientConflict, isUniqueViolation, retryingConflicts } from './db';

const pgError = (code: string) => Object.assign(new Error(`database error ${code}`), { code });

describe('database error helpers', () => {
  it('tells deadlocks and serialization conflicts from other errors', () => {
    expect(isTransientConflict(pgError('40P01'))).toBe(true);
    expect(isTransientConflict(pgError('40001'))).toBe(true);
    expect(isTransientConflict({ cause: { code: '40P01' } })).toBe(true);
    expect(isTransientConflict(pgError('23505'))).toBe(false);
    expect(isTransientConflict(new Error('boom'))).toBe(false);
    expect(isTransientConflict(undefined)).toBe(false);
    expect(isUniqueViolation(pgError('23505'))).toBe(true);
  });

  it('runs a write again after a deadlock and returns its result', async () => {
    const write = vi.fn().mockRejectedValueOnce(pgError('40P01')).mockRejectedValueOnce(pgError('40001')).mockResolvedValue('saved');
    await expect(retryingConflicts(write)).resolves.toBe('saved');
    expect(write).toHaveBeenCalledTimes(3);
  });

  it('never runs a write again for any other error', async () => {
    const write = vi.fn().mockRejectedValue(pgError('23505'));
    await expect(retryingConflicts(write)).rejects.toMatchObject({ code: '23505' });
    expect(write).toHaveBeenCalledTimes(1);
  });

  it('gives up after the last attempt with the deadlock itself', async () => {
    const write = vi.fn().mockRejectedValue(pgError('40P01'));
    await expect(retryingConflicts(write, 3)).rejects.toMatchObject({ code: '40P01' });
    expect(write).toHaveBeenCalledTimes(3);
  });
});
