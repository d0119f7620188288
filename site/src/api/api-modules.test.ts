// @vitest-environment node
// The API modules build the paths, methods and bodies the cms expects: checked at the fetch boundary.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../lib/firebase', () => ({ currentIdToken: vi.fn(async () => 'token-abc') }));

const { adminWithdrawals, actOnWithdrawal } = await import('./earnings');
const { adminEntries, submitEntry } = await import('./entries');
const { judgingQueue, recuseFromEntry } = await import('./judging');
const { saveCoupon, saveTier, revenueReport } = await import('./payments');
const { certificatePreview, leaderboardPage, previewResults, publicationTimer, publishJudgesResults, publishWinners, resultsMonths, winnerSuggestions } =
  await import('./results');

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const sent = () => {
  const [url, init] = fetchMock.mock.calls.at(-1)!;
  return { url, method: init.method ?? 'GET', headers: new Headers(init.headers), body: init.body };
};

describe('query strings: only the filled-in values (with the token, except on public reads)', () => {
  const token = 'Bearer token-abc';
  it.each([
    ['the judging queue without a month', () => judgingQueue(), '/api/judging/queue', token],
    ['the judging queue of a month', () => judgingQueue('2026-11'), '/api/judging/queue?month=2026-11', token],
    ['every entry of the current month', () => adminEntries(null), '/api/admin/entries', token],
    ['every entry of a month', () => adminEntries('2026-10'), '/api/admin/entries?month=2026-10', token],
    ['all withdrawals', () => adminWithdrawals('all'), '/api/admin/withdrawals', token],
    ['requested withdrawals', () => adminWithdrawals('requested'), '/api/admin/withdrawals?status=requested', token],
    ['revenue over the default range', () => revenueReport({ from: '', to: undefined }), '/api/admin/payments/revenue', token],
    ['revenue over a range', () => revenueReport({ from: '2026-11-01', to: '2026-11-30' }), '/api/admin/payments/revenue?from=2026-11-01&to=2026-11-30', token],
    ['a certificate preview', () => certificatePreview('winner', '2026-10'), '/api/admin/certificates/preview?kind=winner&month=2026-10', token],
    ['winner suggestions', () => winnerSuggestions('2026-10'), '/api/admin/winners/suggestions?month=2026-10', token],
    // Publishing names its competition; poetry's requests stay as they were before competitions.
    [
      'a story month’s winner suggestions',
      () => winnerSuggestions('2026-10', 'story'),
      '/api/admin/winners/suggestions?month=2026-10&competition=story',
      token,
    ],
    ['poetry’s results timer', () => publicationTimer('results', 'poetry'), '/api/admin/timer/get', token],
    ['the story winner timer', () => publicationTimer('winners', 'story'), '/api/admin/winner-timer/get?competition=story', token],
    ['the story months', () => resultsMonths('story'), '/api/admin/results/months?competition=story', token],
    [
      'a leaderboard page without a search',
      () => leaderboardPage({ view: 'all', page: 2, pageSize: 25, q: '' }),
      '/api/leaderboard?view=all&page=2&pageSize=25',
      null,
    ],
    [
      'a leaderboard search',
      () => leaderboardPage({ view: '2026-06', page: 1, pageSize: 25, q: 'आशा' }),
      `/api/leaderboard?view=2026-06&page=1&pageSize=25&q=${encodeURIComponent('आशा')}`,
      null,
    ],
  ])('%s', async (_, call, url, authorization) => {
    await call();
    expect(sent().url).toBe(url);
    expect(sent().headers.get('authorization')).toBe(authorization);
  });
});

describe('writes', () => {
  it('publishes a competition’s judges’ scores and winners with its slug, and poetry’s without one', async () => {
    await publishJudgesResults('2026-10', null, 'story');
    expect(JSON.parse(sent().body)).toEqual({ month: '2026-10', competition: 'story' });
    await publishWinners({ competition: 'story', month: '2026-10', winners: [{ entryCode: 'ST-202610-0001', place: 'first' }] }, null);
    expect(JSON.parse(sent().body)).toEqual({ month: '2026-10', winners: [{ entryCode: 'ST-202610-0001', place: 'first' }], competition: 'story' });
    await publishWinners({ competition: 'poetry', month: '2026-10', winners: [{ entryCode: 'WR-202610-0001', place: 'first' }] }, null);
    expect(JSON.parse(sent().body)).toEqual({ month: '2026-10', winners: [{ entryCode: 'WR-202610-0001', place: 'first' }] });
  });

  it('sends an entry with its Idempotency-Key, as form data', async () => {
    const form = new FormData();
    await submitEntry(form, 'entry-123');
    expect(sent()).toMatchObject({ url: '/api/entries', method: 'POST', body: form });
    expect(sent().headers.get('idempotency-key')).toBe('entry-123');
    expect(sent().headers.get('content-type')).toBeNull();
  });

  it.each([
    ['creates a tier', () => saveTier(null, { name: 'Two', entries: 2, active: true, sortOrder: 0, prices: [] }), 'POST', '/api/admin/payments/tiers'],
    ['changes a tier', () => saveTier(7, { name: 'Two', entries: 2, active: true, sortOrder: 0, prices: [] }), 'PUT', '/api/admin/payments/tiers/7'],
    ['creates a coupon', () => saveCoupon(null, {} as never), 'POST', '/api/admin/payments/coupons'],
    ['changes a coupon', () => saveCoupon(3, {} as never), 'PUT', '/api/admin/payments/coupons/3'],
    ['pays a withdrawal', () => actOnWithdrawal(5, 'pay', { reference: 'UTR1' }), 'POST', '/api/admin/withdrawals/5/pay'],
    ['recuses from an entry', () => recuseFromEntry('WR/1', null), 'POST', '/api/judging/entries/WR%2F1/recuse'],
  ])('%s', async (_, call, method, url) => {
    await call();
    expect(sent()).toMatchObject({ method, url });
    expect(sent().headers.get('content-type')).toBe('application/json');
  });

  it('previews the judges’ scores as JSON and a results CSV as form data', async () => {
    await previewResults('2026-10');
    expect(JSON.parse(sent().body)).toEqual({ month: '2026-10' });
    const csv = new File(['entry_code,total\n'], 'results.csv', { type: 'text/csv' });
    await previewResults('2026-10', csv);
    const form = sent().body as FormData;
    expect([form.get('month'), (form.get('csvFile') as File).name]).toEqual(['2026-10', 'results.csv']);
  });

  it('publishes with a time only when one is chosen', async () => {
    await publishJudgesResults('2026-10', null);
    expect(JSON.parse(sent().body)).toEqual({ month: '2026-10' });
    await publishJudgesResults('2026-10', '2026-11-01T09:00:00.000Z');
    expect(JSON.parse(sent().body)).toEqual({ month: '2026-10', publishAt: '2026-11-01T09:00:00.000Z' });
  });
});
