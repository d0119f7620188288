// The Writory Wall with 100,000 posts in the dataset (about 85,000 approved): what a first visit to
// /writory-wall transfers, and its server times at 50 concurrent readers (issue 8) — the built page, and the
// cms API its island reads through the site server (cached 5 s, as deployed), then with the cache off (the cms
// restarted with WALL_CACHE_SECONDS=0): one reader alone on the first page, the most-liked page and a deep
// page, and 50 readers on the first page. Finding poems (issue 40): the search and the language filter at 50 readers
// beside the newest page, on the cms with its cache off; and the Following tab of 50 signed-in poets (each following
// 100 poets with a public page, bench/seed/follows.mjs) beside the newest page on the same signed-in cms.
import { loadavg } from 'node:os';
import { FOLLOWING_READERS } from './seed/follows.mjs';
import { beforeCms } from './lib/before-cms.mjs';
import { getRaw } from './lib/http.mjs';
import { scanHtml } from './lib/html.mjs';
import { measured, sequential } from './lib/load.mjs';
import { kb, num } from './lib/stats.mjs';
import { bearer, signedInPoets } from './lib/users.mjs';

const LOAD = { connections: 50, seconds: 5 };
const FIRST_PAGE = '/api/wall/posts?sort=newest&page=1';
const MOST_LIKED = '/api/wall/posts?sort=most-liked&page=1';
const DEEP_PAGE = '/api/wall/posts?sort=newest&page=4000';
// Finding poems (issue 40): a search of a word most poems have, of a rarer one, and the language filter.
const SEARCH_COMMON = '/api/wall/posts?sort=newest&q=the';
// नदी is in none of the dataset's poems (a word nobody wrote); बारिश in every Hindi one (one poem in eight).
const SEARCH_RARE = `/api/wall/posts?sort=newest&q=${encodeURIComponent('नदी')}`;
const SEARCH_HINDI = `/api/wall/posts?sort=newest&q=${encodeURIComponent('बारिश')}`;
const BY_LANGUAGE = '/api/wall/posts?sort=newest&language=hi';
const FOLLOWING = '/api/follows/poems';

/** Bytes (brotli, as browsers ask) of the page, the CSS and JavaScript its HTML names, and the island's API read. */
async function firstVisit(site) {
  const page = await getRaw(`${site}/writory-wall`, { encoding: 'br' });
  const { stylesheets, modules } = scanHtml(page.body.toString('utf8'));
  let assets = 0;
  for (const asset of [...stylesheets, ...modules]) assets += (await getRaw(new URL(asset, site).href, { encoding: 'br' })).wireBytes;
  const api = await getRaw(`${site}${FIRST_PAGE}`, { encoding: 'gzip, br' });
  return {
    htmlBytes: page.body.length,
    htmlWireBytes: page.wireBytes,
    assets: stylesheets.length + modules.length,
    assetWireBytes: assets,
    apiBytes: api.body.length,
    apiWireBytes: api.wireBytes,
    apiEncoding: api.headers['content-encoding'] ?? 'identity',
  };
}

const loadRow = (name, path, m) => [name, `\`${path}\``, num(m.rps), num(m.p50, 1), num(m.p95, 1), num(m.p99, 1), num(m.errors)];
const aloneRow = (name, path, m) => [name, `\`${path}\``, '', num(m.p50, 1), num(m.p95, 1), '', ''];

/** The finding and Following rows on the cms of this checkout and of the commit before, in one run (`--quick`). */
async function findingBeforeAfter(ctx) {
  const previous = beforeCms({ log: ctx.log });
  const loadAt = () =>
    loadavg()
      .map((n) => n.toFixed(1))
      .join(' / ');
  const loads = [loadAt()];
  const rowsOn = async (at) => ({
    newest: await measured(`${at}${FIRST_PAGE}`, ctx.runs, LOAD),
    common: await measured(`${at}${SEARCH_COMMON}`, ctx.runs, LOAD),
    rare: await measured(`${at}${SEARCH_RARE}`, ctx.runs, LOAD),
    hindiWord: await measured(`${at}${SEARCH_HINDI}`, ctx.runs, LOAD),
    language: await measured(`${at}${BY_LANGUAGE}`, ctx.runs, LOAD),
  });
  const before = { env: { WALL_CACHE_SECONDS: '0', ...previous.env }, where: { cmsDir: previous.cmsDir } };
  const after = { env: { WALL_CACHE_SECONDS: '0' }, where: {} };
  const findingBefore = await rowsOn(await ctx.stack.cms('production', before.env, before.where));
  const finding = await rowsOn(await ctx.stack.cms('production', after.env, after.where));
  const readers = await signedInPoets(ctx.stack, FOLLOWING_READERS);
  const followingOn = async (at) => ({
    newest: await measured(`${at}${FIRST_PAGE}`, ctx.runs, LOAD),
    following: await measured(`${at}${FOLLOWING}`, ctx.runs, { ...LOAD, pick: (i) => ({ headers: bearer(readers[i % readers.length]) }) }),
  });
  const followingBefore = await followingOn(await ctx.stack.cms('signed-in', before.env, before.where));
  const followingTab = await followingOn(await ctx.stack.cms('signed-in', after.env, after.where));
  loads.push(loadAt());
  return {
    figures: { quick: true, finding, followingTab, before: { commit: previous.commit, finding: findingBefore, followingTab: followingBefore }, loads },
    tables: [comparison(previous.commit, loads, { finding, findingBefore, followingTab, followingBefore })],
    notes: [
      '`--quick`: only finding poems and the Following tab, before and after; the other rows are in the last full run.',
      'The signed-in rows run the cms as the signed-in benchmarks do (NODE_ENV=development, so it accepts the Auth emulator’s tokens); read them against the first page on that same cms.',
      'Target (issue 40): search and the Following tab p95 ≤ 100 ms at 50 readers on the 100,000-post dataset.',
    ],
  };
}

function comparison(commit, loads, { finding, findingBefore, followingTab, followingBefore }) {
  return {
    caption: `Finding poems and the Following tab, before (commit ${commit.slice(0, 12)}) and after (this checkout), in the same run: 50 connections, cache off, p95 in ms and requests/s; load average (1 / 5 / 15 min) ${loads[0]} as they began, ${loads[1]} as they ended.`,
    columns: ['What', 'Path', '>Before p95', '>After p95', '>Before req/s', '>After req/s'],
    rows: [
      ['First page (cms)', FIRST_PAGE, findingBefore.newest, finding.newest],
      ['Search, a common word', SEARCH_COMMON, findingBefore.common, finding.common],
      ['Search, a Devanagari word no poem has', SEARCH_RARE, findingBefore.rare, finding.rare],
      ['Search, a Devanagari word of every Hindi poem', SEARCH_HINDI, findingBefore.hindiWord, finding.hindiWord],
      ['Hindi poems only', BY_LANGUAGE, findingBefore.language, finding.language],
      ['First page (cms, signed-in mode)', FIRST_PAGE, followingBefore.newest, followingTab.newest],
      ['Following tab (signed-in mode)', FOLLOWING, followingBefore.following, followingTab.following],
    ].map(([what, path, b, a]) => [what, `\`${path}\``, num(b.p95, 1), num(a.p95, 1), num(b.rps), num(a.rps)]),
  };
}

export default {
  name: 'wall',
  title: 'Writory Wall: 100,000 posts, 50 concurrent readers',
  async run(ctx) {
    // --quick: finding poems and the Following tab only, before and after (no site build: with 2,000 poet pages in
    // each locale it takes several minutes, and over ten on a loaded machine).
    if (ctx.quick) return findingBeforeAfter(ctx);
    await ctx.stack.cms('production');
    const { url: site } = await ctx.stack.site();
    const transfer = await firstVisit(site);
    const page = await measured(`${site}/writory-wall`, ctx.runs, { ...LOAD, headers: { 'accept-encoding': 'br' } });
    const cached = await measured(`${site}${FIRST_PAGE}`, ctx.runs, LOAD);

    const cms = await ctx.stack.cms('production', { WALL_CACHE_SECONDS: '0' });
    const alone = {
      newest: await sequential(`${cms}${FIRST_PAGE}`),
      mostLiked: await sequential(`${cms}${MOST_LIKED}`),
      deep: await sequential(`${cms}${DEEP_PAGE}`),
    };
    const uncached = await measured(`${site}${FIRST_PAGE}`, ctx.runs, LOAD);
    const findingOn = async (at) => ({
      newest: await measured(`${at}${FIRST_PAGE}`, ctx.runs, LOAD),
      common: await measured(`${at}${SEARCH_COMMON}`, ctx.runs, LOAD),
      rare: await measured(`${at}${SEARCH_RARE}`, ctx.runs, LOAD),
      hindiWord: await measured(`${at}${SEARCH_HINDI}`, ctx.runs, LOAD),
      language: await measured(`${at}${BY_LANGUAGE}`, ctx.runs, LOAD),
    });
    const loadAt = () =>
      loadavg()
        .map((n) => n.toFixed(1))
        .join(' / ');
    const loads = [loadAt()];
    const finding = await findingOn(cms);
    // The same rows on the cms of another commit (bench/lib/before-cms.mjs: BENCH_BEFORE_REF, default where this
    // branch left main), in the same run: "before" beside "after" under the same load from the rest of the machine.
    const previous = beforeCms({ log: ctx.log });
    const findingBefore = await findingOn(await ctx.stack.cms('production', { WALL_CACHE_SECONDS: '0', ...previous.env }, { cmsDir: previous.cmsDir }));
    // The Following tab needs signed-in readers: the cms in its signed-in mode (development, the Auth emulator),
    // cache off, each of the 50 connections one poet's token in turn; the newest page beside it on the same cms.
    const readers = await signedInPoets(ctx.stack, FOLLOWING_READERS);
    const followingOn = async (at) => ({
      newest: await measured(`${at}${FIRST_PAGE}`, ctx.runs, LOAD),
      following: await measured(`${at}${FOLLOWING}`, ctx.runs, { ...LOAD, pick: (i) => ({ headers: bearer(readers[i % readers.length]) }) }),
    });
    const followingTab = await followingOn(await ctx.stack.cms('signed-in', { WALL_CACHE_SECONDS: '0' }));
    const followingBefore = await followingOn(await ctx.stack.cms('signed-in', { WALL_CACHE_SECONDS: '0', ...previous.env }, { cmsDir: previous.cmsDir }));
    loads.push(loadAt());
    const total = transfer.htmlWireBytes + transfer.assetWireBytes + transfer.apiWireBytes;
    return {
      figures: {
        transfer,
        page,
        cached,
        alone,
        uncached,
        finding,
        followingTab,
        before: { commit: previous.commit, finding: findingBefore, followingTab: followingBefore },
        loads,
      },
      tables: [
        {
          caption: `${LOAD.connections} connections for ${LOAD.seconds} s after a 1 s warm-up, ${ctx.runs} runs; medians; “alone”: one reader, 20 requests in a row. Through the site server unless the path is the cms’s own; latencies in ms.`,
          columns: ['What', 'Path', '>Requests/s', '>p50', '>p95', '>p99', '>Errors'],
          rows: [
            loadRow('The built wall page (brotli)', '/writory-wall', page),
            loadRow('First page of posts, cached 5 s (as deployed)', FIRST_PAGE, cached),
            aloneRow('First page, cache off, one reader', FIRST_PAGE, alone.newest),
            aloneRow('Most liked first, cache off, one reader', MOST_LIKED, alone.mostLiked),
            aloneRow('Page 4,000 (offset 80,000), cache off, one reader', DEEP_PAGE, alone.deep),
            loadRow('First page, cache off', FIRST_PAGE, uncached),
            loadRow('First page, cache off (cms)', FIRST_PAGE, finding.newest),
            loadRow('Search, a common word, cache off (cms)', SEARCH_COMMON, finding.common),
            loadRow('Search, a Devanagari word no poem has, cache off (cms)', SEARCH_RARE, finding.rare),
            loadRow('Search, a Devanagari word of every Hindi poem, cache off (cms)', SEARCH_HINDI, finding.hindiWord),
            loadRow('Hindi poems only, cache off (cms)', BY_LANGUAGE, finding.language),
            loadRow('First page, cache off (cms, signed-in mode)', FIRST_PAGE, followingTab.newest),
            loadRow(`Following tab, ${FOLLOWING_READERS} poets' tokens, cache off (cms, signed-in mode)`, FOLLOWING, followingTab.following),
          ],
        },
        comparison(previous.commit, loads, { finding, findingBefore, followingTab, followingBefore }),
        {
          caption: 'A first visit to `/writory-wall`: bytes on the wire (brotli for the page and its files; the API as the site server sends it).',
          columns: ['Part', '>Bytes on the wire', '>Decoded'],
          rows: [
            ['HTML', kb(transfer.htmlWireBytes), kb(transfer.htmlBytes)],
            [`CSS and JavaScript named by the page (${transfer.assets} files)`, kb(transfer.assetWireBytes), ''],
            [`First page of posts (${transfer.apiEncoding})`, kb(transfer.apiWireBytes), kb(transfer.apiBytes)],
            ['Total', kb(total), ''],
          ],
        },
      ],
      notes: [
        'The cache-off rows restart the cms with `WALL_CACHE_SECONDS=0`; the cached row is what visitors get.',
        'The signed-in rows run the cms as the signed-in benchmarks do (NODE_ENV=development, so it accepts the Auth emulator’s tokens); read them against the first page on that same cms, not against the production rows.',
        'Target (issue 40): search and the Following tab p95 ≤ 100 ms at 50 readers on the 100,000-post dataset.',
      ],
    };
  },
};
