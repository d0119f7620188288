// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, fieldErrorsFrom, fileNameFrom, problemOf } from './api';

afterEach(() => vi.unstubAllGlobals());

function stubFetch(response: Response) {
  const fetchMock = vi.fn().mockResolvedValue(response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('apiFetch', () => {
  it('sends credentials and parses JSON', async () => {
    const fetchMock = stubFetch(new Response(JSON.stringify({ count: 3 }), { status: 200 }));
    await expect(apiFetch('/api/users/count')).resolves.toEqual({ count: 3 });
    expect(fetchMock.mock.calls[0][1].credentials).toBe('include');
  });

  it('sets a JSON content type when sending a body', async () => {
    const fetchMock = stubFetch(new Response('{}', { status: 200 }));
    await apiFetch('/api/users', { method: 'POST', body: JSON.stringify({ a: 1 }) });
    expect((fetchMock.mock.calls[0][1].headers as Headers).get('content-type')).toBe('application/json');
  });

  it.each([
    [new Response('{"error":"nope"}', { status: 403, statusText: 'Forbidden' }), '403: {"error":"nope"}'],
    [new Response('', { status: 502, statusText: 'Bad Gateway' }), '502: Bad Gateway'],
  ])('raises "status: body" (or the status text) on a non-ok answer', async (response, message) => {
    stubFetch(response);
    await expect(apiFetch('/api/anything')).rejects.toThrow(message);
  });

  it('returns undefined for 204 No Content', async () => {
    stubFetch(new Response(null, { status: 204 }));
    await expect(apiFetch('/api/notifications/1/read', { method: 'POST' })).resolves.toBeUndefined();
  });
});

describe('a limit’s wait in the reader’s words', () => {
  const limited = (details: Record<string, unknown>) =>
    new ApiError(
      429,
      JSON.stringify({
        error: {
          status: 429,
          name: 'TooManyRequestsError',
          message: 'You have shared as many poems on the wall as a day allows. Try again in 24 hours.',
          details,
        },
      }),
    );

  it('says when, not how many seconds (problemOf and the form’s message alike)', () => {
    vi.useFakeTimers({ now: new Date('2026-11-25T09:00:00Z') });
    try {
      const error = limited({ retryAfterSeconds: 12 * 60, limit: 'You have shared as many poems on the wall as a day allows.' });
      expect(problemOf(error, 'fallback')).toBe('You have shared as many poems on the wall as a day allows. Try again in 12 minutes.');
      expect(fieldErrorsFrom(error, ['title']).form).toBe('You have shared as many poems on the wall as a day allows. Try again in 12 minutes.');
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the cms’s words when it says no limit', () => {
    expect(problemOf(limited({ retryAfterSeconds: 60 }), 'fallback')).toMatch(/Try again in 24 hours\.$/);
  });
});

describe('fileNameFrom', () => {
  it('prefers the UTF-8 name, then the plain one, then the fallback', () => {
    expect(fileNameFrom(`attachment; filename="a.pdf"; filename*=UTF-8''%D9%82%D8%B5%D9%8A%D8%AF%D8%A9.pdf`, 'x')).toBe('قصيدة.pdf');
    expect(fileNameFrom('attachment; filename="W2611-ABCDE.docx"', 'x')).toBe('W2611-ABCDE.docx');
    expect(fileNameFrom(null, 'fallback.pdf')).toBe('fallback.pdf');
  });
});
