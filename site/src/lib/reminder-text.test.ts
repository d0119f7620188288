// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { audienceNote, audienceMonth } from './reminder-text';

describe('the reminder page’s words for a month', () => {
  it('names the month as people say it, never "month 2026-11"', () => {
    expect(audienceMonth('2026-11')).toBe('November 2026');
    expect(audienceNote('2026-11')).toBe('Counts are for November 2026; poets who turned reminders off are left out.');
    expect(audienceNote('2026-11')).not.toMatch(/\d{4}-\d{2}/);
  });
});
