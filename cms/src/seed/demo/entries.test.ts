import { describe, expect, it } from 'vitest';
import { DEMO_OPEN_FOR_MS, demoWindow } from './entries';

// November 2026 in Asia/Kolkata: submissions close on 25 November at 18:30 UTC, results on the 29th at 18:30 UTC.
const november = { closesAt: '2026-11-25T18:30:00.000Z', resultsAt: '2026-11-29T18:30:00.000Z' };
const at = (iso: string) => new Date(iso);

describe('demoWindow', () => {
  it('leaves a window that stays open two more days as it is', () => {
    expect(demoWindow(november, at('2026-11-10T09:00:00Z'))).toBeNull();
    expect(demoWindow(november, new Date(Date.parse(november.closesAt) - DEMO_OPEN_FOR_MS))).toBeNull();
  });

  it.each([
    ['minutes before the deadline', '2026-11-25T18:20:00Z'],
    ['the day before the deadline', '2026-11-24T20:00:00Z'],
    ['after the deadline', '2026-11-26T09:00:00Z'],
    ['after results day', '2026-11-30T20:00:00Z'],
  ])('seeded %s, keeps submissions open two days from then, results after them', (_, now) => {
    const window = demoWindow(november, at(now))!;
    expect(window.closesAt.getTime()).toBe(Date.parse(now) + DEMO_OPEN_FOR_MS);
    expect(window.resultsAt.getTime()).toBeGreaterThan(window.closesAt.getTime());
    expect(window.resultsAt.getTime()).toBeGreaterThanOrEqual(Date.parse(november.resultsAt));
  });
});
