// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { allArticles, article, judgingReport, winnersIndex } from './cms';

afterEach(() => vi.unstubAllGlobals());

describe('the build-time cms client', () => {
  it('reads from CMS_URL, and a month with no judging report is null, not a failed build', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(new Response(JSON.stringify({ month: '2026-01' }), { status: 200 }))
      .mockResolvedValueOnce(new Response('{"error":{}}', { status: 404 }));
    vi.stubGlobal('fetch', fetchMock);
    vi.stubEnv('CMS_URL', 'http://cms.test:1337');
    await expect(judgingReport('2026-01')).resolves.toEqual({ month: '2026-01' });
    await expect(judgingReport('2025-12')).resolves.toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      'http://cms.test:1337/api/judging/reports/2026-01',
      'http://cms.test:1337/api/judging/reports/2025-12',
    ]);
    vi.unstubAllEnvs();
  });

  it('fails the build on any other refusal, naming the path', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('down', { status: 503 })));
    await expect(judgingReport('2026-02')).rejects.toThrow('cms /judging/reports/2026-02 answered 503: down');
  });

  it('reads the winners index once per build', async () => {
    const fetchMock = vi.fn().mockImplementation(async () => new Response(JSON.stringify({ months: [] }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await winnersIndex();
    await winnersIndex();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reads the articles once per locale of a build, each in its language, and one article from that read', async () => {
    const served = (locale: string) => ({
      articles: [{ slug: 'first', title: `title ${locale}`, locale, fallback: false }],
      pagination: { page: 1, pageSize: 100, total: 1, pageCount: 1 },
    });
    const fetchMock = vi
      .fn()
      .mockImplementation(async (url: string) => new Response(JSON.stringify(served(new URL(url).searchParams.get('locale') ?? 'en')), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    vi.stubEnv('CMS_URL', 'http://cms.test:1337');
    expect((await allArticles('hi')).map((a) => a.title)).toEqual(['title hi']);
    expect((await allArticles('en')).map((a) => a.title)).toEqual(['title en']);
    expect(await article('first', 'hi')).toMatchObject({ slug: 'first', title: 'title hi', locale: 'hi' });
    await allArticles('hi');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      'http://cms.test:1337/api/articles?page=1&pageSize=100&include=body&locale=hi',
      'http://cms.test:1337/api/articles?page=1&pageSize=100&include=body',
    ]);
    vi.unstubAllEnvs();
  });
});
