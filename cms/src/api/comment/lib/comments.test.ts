import { describe, expect, it } from 'vitest';
import { critiqueOf, decisionRefusal, decodeCursor, encodeCursor } from './comments';
import { say, type Message } from '../../../lib/messages';

describe('comment decisions', () => {
  it('applies each decision only to the states it is for', () => {
    expect(decisionRefusal('approve', 'pending')).toBeNull();
    expect(decisionRefusal('hide', 'held')).toBeNull();
    expect(decisionRefusal('restore', 'hidden')).toBeNull();
    const refused = decisionRefusal('hide', 'pending') as { status: Message; allowed: Message };
    expect([say(refused.status, 'en'), say(refused.allowed, 'en')]).toEqual(['waiting for a moderator', 'shown or held after reports']);
    expect(say(refused.allowed, 'hi')).toBe('दिख रही या शिकायतों के बाद रोकी गई');
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
