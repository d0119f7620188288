import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from './api';

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
