import { afterEach, describe, expect, it, vi } from 'vitest';

const token = vi.hoisted(() => ({ value: 'id-token-1' as string | null }));
vi.mock('./firebase', () => ({ currentIdToken: vi.fn(async () => token.value) }));

const { ApiError, authedFetch, downloadFile, fieldErrorsFrom } = await import('./api');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
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
      error({
        error: {
          status: 422,
          name: 'ValidationError',
          message: 'phone: bad',
          details: {
            errors: [
              { path: 'phone', message: 'Use digits and +' },
              { path: 'dateOfBirth', message: 'You must be at least 13 years old.' },
            ],
          },
        },
      }),
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

describe('downloadFile (the one download path: private poems, photos and CSV exports)', () => {
  function capture() {
    const saved: { name: string; href: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:file-1'), revokeObjectURL: vi.fn() }));
    return saved;
  }

  it('fetches with the bearer token and saves under the name the server gives (RFC 6266 filename* first)', async () => {
    const saved = capture();
    const fetchMock = vi.fn().mockResolvedValue(
      new Response('poem', {
        status: 200,
        headers: { 'content-disposition': `attachment; filename="a.pdf"; filename*=UTF-8''%D9%82%D8%B5%D9%8A%D8%AF%D8%A9.pdf` },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await downloadFile('/api/entries/W1/file', 'fallback.pdf');
    const init = fetchMock.mock.calls[0][1];
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer id-token-1');
    expect(init.credentials).toBe('include');
    expect(saved).toEqual([{ name: 'قصيدة.pdf', href: 'blob:file-1' }]);
  });

  it('saves a CSV under its plain filename, or the fallback when the server names none', async () => {
    const saved = capture();
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValueOnce(new Response('a,b', { status: 200, headers: { 'content-disposition': 'attachment; filename="writory-users.csv"' } }))
        .mockResolvedValueOnce(new Response('a,b', { status: 200 })),
    );
    await downloadFile('/api/admin/users/export', 'x.csv');
    await downloadFile('/api/admin/visits/export', 'writory-visits.csv');
    expect(saved.map((s) => s.name)).toEqual(['writory-users.csv', 'writory-visits.csv']);
  });

  it('throws the refusal like every other call and saves nothing', async () => {
    const saved = capture();
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('{"error":{"message":"Not yours."}}', { status: 403 })));
    await expect(downloadFile('/api/entries/W2/file', 'x.pdf')).rejects.toMatchObject({ name: 'ApiError', status: 403 });
    expect(saved).toEqual([]);
  });
});
