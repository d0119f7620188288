// The load a signed-in visitor puts on the cms while the page sits idle: the reference client's (one
// notifications poll and two counter polls per second per user, spec §7) simulated with HTTP requests,
// against ours measured in Debian's Chromium: N poets signed in through /auth on the home page (the page
// with the most live parts), every request counted. Both go through the site server to the cms, and the
// cms's CPU time is read from /proc over each window.
import { chromium } from '@playwright/test';
import { chromiumFlags, chromiumPath } from './lib/chromium.mjs';
import { groupCpuSeconds } from './lib/proc.mjs';
import { signedInPoets } from './lib/users.mjs';
import { num } from './lib/stats.mjs';

const USERS = 10;
const REFERENCE_SECONDS = 30;
const OURS_SECONDS = 60;
const SIGN_IN_AT_ONCE = 5;
const TARGET_PER_MINUTE = 3;

/** The reference client's polls, each second: its notifications list and both counters. */
async function referenceLoad(site, users, paths, seconds, cmsPid) {
  let sent = 0;
  let errors = 0;
  const statuses = {};
  const poll = (user) =>
    [paths.notifications, paths.poets, paths.pieces].map(async (path) => {
      sent++;
      try {
        const res = await fetch(`${site}${path}`, {
          headers: path === paths.notifications ? { authorization: `Bearer ${user.token}`, 'user-uid': user.uid } : {},
        });
        await res.arrayBuffer();
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        if (!res.ok) errors++;
      } catch {
        errors++;
      }
    });
  const cpuBefore = groupCpuSeconds(cmsPid);
  const started = Date.now();
  const pending = [];
  const timers = users.map((user, i) =>
    setTimeout(
      () => {
        pending.push(...poll(user));
        timers.push(setInterval(() => pending.push(...poll(user)), 1000));
      },
      (i * 1000) / users.length,
    ),
  );
  await new Promise((r) => setTimeout(r, seconds * 1000));
  timers.forEach((t) => clearInterval(t));
  await Promise.all(pending);
  const elapsed = (Date.now() - started) / 1000;
  return { requests: sent, errors, statuses, seconds: elapsed, cpuSeconds: groupCpuSeconds(cmsPid) - cpuBefore };
}

async function signIn(browser, site, user) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(() => {
    const denied = { ad_storage: 'denied', analytics_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' };
    if (!localStorage.getItem('writory-cookie-consent')) localStorage.setItem('writory-cookie-consent', JSON.stringify(denied));
  });
  const page = await context.newPage();
  page.setDefaultTimeout(120_000); // a busy machine: ten Chromium pages share two cores
  await page.goto(`${site}/auth`);
  await page.waitForFunction(() => [...document.querySelectorAll('astro-island')].every((island) => !island.hasAttribute('ssr')));
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/$/, { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
  return { context, page };
}

const LONG_LIVED = /\/api\/notifications\/stream$/;

/** Watches a page's requests; the function it returns waits until none but the long-lived stream has been in flight for `ms`. */
function networkQuiet(page) {
  const inFlight = new Set();
  let since = Date.now();
  page.on('request', (req) => {
    if (!LONG_LIVED.test(new URL(req.url()).pathname)) inFlight.add(req);
  });
  const done = (req) => {
    if (inFlight.delete(req) && inFlight.size === 0) since = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return async (ms, timeoutMs) => {
    const until = Date.now() + timeoutMs;
    while (inFlight.size > 0 || Date.now() - since < ms) {
      if (Date.now() > until) throw new Error(`the page's network was still busy after ${timeoutMs / 1000} s: ${[...inFlight].map((r) => r.url()).join(', ')}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
}

/** Signs everyone in (a few at a time), reloads each page as a signed-in visitor arriving on the home page,
 * counts its calls during the load and then while it sits idle. */
async function oursLoad(site, authHost, users, seconds, cmsPid, log) {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumFlags() });
  try {
    const sessions = [];
    const t = Date.now();
    for (let i = 0; i < users.length; i += SIGN_IN_AT_ONCE) {
      sessions.push(...(await Promise.all(users.slice(i, i + SIGN_IN_AT_ONCE).map((user) => signIn(browser, site, user)))));
    }
    log(`bench: ${users.length} poets signed in through /auth in ${Math.round((Date.now() - t) / 1000)} s`);
    const seen = { api: 0, identity: 0, paths: {} };
    for (const { page } of sessions) {
      page.on('request', (req) => {
        const url = new URL(req.url());
        if (url.host === authHost) seen.identity++;
        else if (url.pathname.startsWith('/api/')) {
          seen.api++;
          seen.paths[url.pathname] = (seen.paths[url.pathname] ?? 0) + 1;
        }
      });
    }
    const snapshot = () => ({ api: seen.api, identity: seen.identity, paths: { ...seen.paths }, at: Date.now(), cpu: groupCpuSeconds(cmsPid) });
    const start = snapshot();
    // The load ends when every island that hydrates by itself (not client:visible ones below the fold) has
    // hydrated and the network has been quiet for half a second, the open notifications stream aside (it stays
    // open for good, so Playwright's 'networkidle' never comes).
    await Promise.all(
      sessions.map(async ({ page }) => {
        const quiet = networkQuiet(page);
        await page.reload();
        await page.waitForFunction(
          () => [...document.querySelectorAll('astro-island:not([client="visible"])')].every((island) => !island.hasAttribute('ssr')),
          null,
          { timeout: 120_000 },
        );
        await quiet(500, 120_000);
      }),
    );
    const idleStart = snapshot();
    await new Promise((r) => setTimeout(r, seconds * 1000));
    const end = snapshot();
    const between = (a, b) => ({
      requests: b.api - a.api,
      identityRequests: b.identity - a.identity,
      paths: Object.fromEntries(
        Object.entries(b.paths)
          .map(([p, n]) => [p, n - (a.paths[p] ?? 0)])
          .filter(([, n]) => n > 0),
      ),
      seconds: (b.at - a.at) / 1000,
      cpuSeconds: b.cpu - a.cpu,
    });
    return { load: between(start, idleStart), idle: between(idleStart, end) };
  } finally {
    await browser.close();
  }
}

export default {
  name: 'polling',
  title: 'Signed-in idle load: the reference client against ours',
  async run(ctx) {
    const cms = await ctx.stack.cms('signed-in');
    const { url: site } = await ctx.stack.site();
    const users = await signedInPoets(ctx.stack, USERS);
    const has = async (path, headers) => (await fetch(`${cms}${path}`, { headers })).status !== 404;
    const auth = { authorization: `Bearer ${users[0].token}` };
    const paths = {
      notifications: (await has('/api/notifications', auth)) ? '/api/notifications' : '/api/users/me',
      poets: '/api/users/count',
      pieces: (await has('/api/submission-count')) ? '/api/submission-count' : '/api/users/count',
    };
    const reference = await referenceLoad(site, users, paths, REFERENCE_SECONDS, ctx.stack.cmsPid);
    const ours = await oursLoad(site, ctx.stack.urls.auth, users, OURS_SECONDS, ctx.stack.cmsPid, ctx.log);
    const perUserMinute = (m) => m.requests / USERS / (m.seconds / 60);
    const cpuPerMinute = (m) => m.cpuSeconds / (m.seconds / 60);
    const calls = (paths) =>
      Object.entries(paths)
        .map(([p, n]) => `${n}× \`${p}\``)
        .join(', ') || 'none';
    const stand = [
      paths.notifications !== '/api/notifications' &&
        '`/api/notifications` is not in main yet: the reference’s notifications poll is sent to `/api/users/me` (also signed in, one user row read).',
      paths.pieces !== '/api/submission-count' &&
        '`/api/submission-count` is not in main yet: the reference’s pieces poll is sent to `/api/users/count`; our home page still asks for it (and gets 404).',
    ].filter(Boolean);
    const idlePerMinute = perUserMinute(ours.idle);
    return {
      figures: {
        users: USERS,
        paths,
        reference: { ...reference, perUserMinute: perUserMinute(reference), cpuPerMinute: cpuPerMinute(reference) },
        ours: {
          load: { ...ours.load, perUser: ours.load.requests / USERS },
          idle: { ...ours.idle, perUserMinute: idlePerMinute, cpuPerMinute: cpuPerMinute(ours.idle) },
        },
      },
      tables: [
        {
          caption: `${USERS} signed-in poets on the home page, both through the site server. Reference: its polls for ${REFERENCE_SECONDS} s. Ours: Debian’s Chromium, the page reloaded, its calls until every island has hydrated and the network is quiet (the load), then over ${OURS_SECONDS} s (idle). cms CPU: user + system seconds of the cms process per minute.`,
          columns: ['Client', '>Requests / user / minute', '>cms CPU s / minute', '>Errors', 'Calls seen'],
          rows: [
            [
              'Reference (1 s polls)',
              num(perUserMinute(reference), 1),
              num(cpuPerMinute(reference), 2),
              num(reference.errors),
              Object.entries(reference.statuses)
                .map(([s, n]) => `${n}× ${s}`)
                .join(', '),
            ],
            ['Ours, idle page', num(idlePerMinute, 1), num(cpuPerMinute(ours.idle), 2), '', calls(ours.idle.paths)],
            ['Ours, the page load itself (per user, once)', num(ours.load.requests / USERS, 1), '', '', calls(ours.load.paths)],
          ],
        },
      ],
      targets: [
        {
          target: 'Idle signed-in page ≤ 3 requests per minute',
          measured: `${num(idlePerMinute, 1)} per user per minute idle (+ ${num(ours.load.requests / USERS, 1)} during the page load; ${num(ours.idle.identityRequests / USERS / (ours.idle.seconds / 60), 1)} to the identity provider)`,
          reference: `${num(perUserMinute(reference), 0)} (the reference client)`,
          met: idlePerMinute <= TARGET_PER_MINUTE,
        },
      ],
      notes: [...stand, 'Identity-provider calls (token refresh) go to Firebase, not to our servers; they are counted apart.'],
    };
  },
};
