import { describe, expect, it } from 'vitest';
import { critiqueOf, decisionRefusal, decodeCursor, encodeCursor } from './comments';

describe('comment decisions', () => {
  it('applies each decision only to the states it is for', () => {
    expect(decisionRefusal('approve', 'pending')).toBeNull();
    expect(decisionRefusal('hide', 'held')).toBeNull();
    expect(decisionRefusal('restore', 'hidden')).toBeNull();
    expect(decisionRefusal('hide', 'pending')).toEqual({ status: 'waiting for a moderator', allowed: 'shown or held after reports' });
    expect(decisionRefusal('dismiss', 'approved', 0)).toEqual({ noReports: true });
    expect(decisionRefusal('dismiss', 'approved', 2)).toBeNull();
  });

  it('reads a critique only when both fields are there', () => {
    expect(critiqueOf({ critiqueWorks: 'the turn', critiqueStronger: 'the end' })).toEqual({ works: 'the turn', stronger: 'the end' });
    expect(critiqueOf({ critiqueWorks: null, critiqueStronger: null })).toBeNull();
  });

  it('pages by the last comment number', () => {
    expect(decodeCursor(encodeCursor(42))).toBe(42);
  });
});
