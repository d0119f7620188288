import { afterEach, describe, expect, it, vi } from 'vitest';

const token = vi.hoisted(() => ({ value: 'id-token-1' as string | null }));
vi.mock('./firebase', () => ({ currentIdToken: vi.fn(async () => token.value) }));

const { ApiError, authedFetch, fieldErrorsFrom } = await import('./api');

afterEach(() => {
  vi.unstubAllGlobals();
  token.value = 'id-token-1';
});

describe('authedFetch', () => {
  it('adds the bearer token and keeps the caller’s headers', async () => {
    const fetchMock = vi.fn().mockResolvedValue(new Response('{"ok":true}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(authedFetch('/api/users/me', { method: 'PUT', headers: { 'x-extra': '1' }, body: '{}' })).resolves.toEqual({ ok: true });
    const init = fetchMock.mock.calls[0][1];
    expect(init.headers.get('authorization')).toBe('Bearer id-token-1');
    expect(init.headers.get('x-extra')).toBe('1');
    expect(init.headers.get('content-type')).toBe('application/json');
    expect(init.credentials).toBe('include');
  });

  it('sends no Authorization header when nobody is signed in', async () => {
    token.value = null;
    const fetchMock = vi.fn().mockResolvedValue(new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await authedFetch('/api/users/count');
    expect(fetchMock.mock.calls[0][1].headers.has('authorization')).toBe(false);
  });

  it('leaves the content type of a multipart body to the browser', async () => {
    const fetchMock = vi.fn().mockResolvedValue(new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const form = new FormData();
    form.append('picture', new Blob(['x'], { type: 'image/png' }), 'a.png');
    await authedFetch('/api/users/me/picture', { method: 'POST', body: form });
    expect(fetchMock.mock.calls[0][1].headers.has('content-type')).toBe(false);
  });
});

describe('fieldErrorsFrom', () => {
  const error = (body: unknown, status = 422) => new ApiError(status, typeof body === 'string' ? body : JSON.stringify(body));
  const fields = ['name', 'phone', 'dateOfBirth'] as const;

  it.each([
    [
      'one message per named field (paths as strings)',
      error({ error: { status: 422, name: 'ValidationError', message: 'phone: bad', details: { errors: [{ path: 'phone', message: 'Use digits and +' }, { path: 'dateOfBirth', message: 'You must be at least 13 years old.' }] } } }),
      { fields: { phone: 'Use digits and +', dateOfBirth: 'You must be at least 13 years old.' }, form: null },
    ],
    [
      'paths as arrays',
      error({ error: { status: 422, name: 'ValidationError', message: 'x', details: { errors: [{ path: ['name'], message: 'Too long' }] } } }),
      { fields: { name: 'Too long' }, form: null },
    ],
    [
      'the message for the form when no field is named',
      error({ error: { status: 422, name: 'ValidationError', message: 'You must be at least 13 years old.' } }),
      { fields: {}, form: 'You must be at least 13 years old.' },
    ],
    [
      'the message for the form when the path is not a form field',
      error({ error: { status: 422, name: 'ValidationError', message: 'country: nope', details: { errors: [{ path: 'country', message: 'nope' }] } } }),
      { fields: {}, form: 'country: nope' },
    ],
    ['nothing for a body that is not ours', error('<html>Bad Gateway</html>', 502), { fields: {}, form: null }],
    ['nothing for an error that is not an ApiError', new TypeError('Failed to fetch'), { fields: {}, form: null }],
  ])('gives %s', (_case, input, expected) => {
    expect(fieldErrorsFrom(input, fields)).toEqual(expected);
  });
});
