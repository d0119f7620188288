// Visit tracking (issue 9): POST /api/track-visit-realtime at 200 concurrent connections, each request a
// different anonymous browser from one of 50,000 addresses (the cms runs as behind its proxy, so its
// per-client limit applies per address, as in production): requests/s, p50/p95, and that every accepted
// visit was stored — in the raw table and in the per-day roll-up — once the write queue has flushed. Then the
// admin dashboard's query (GET /api/admin/visits/summary) on the 1,000,000 seeded visits: the default 30 days
// and the whole 120 days seeded, one admin alone.
import { readCount } from './lib/db.mjs';
import { loadRun, sequential } from './lib/load.mjs';
import { medianOf, num } from './lib/stats.mjs';
import { bearer, signedInAdmin } from './lib/users.mjs';

const LOAD = { connections: 200, seconds: 10 };
const FLUSH_WAIT_MS = 15_000;
const PAGES = ['/', '/writory-wall', '/articles', '/submit', '/articles/bench-0042', '/winning-poems'];

const stored = (file) => ({
  rows: readCount(file, 'SELECT count(*) FROM visits'),
  rolledUp: readCount(file, 'SELECT coalesce(sum(visits), 0) FROM visit_days'),
});

/** The i-th visit of run r: its own browser id and address, one of a few pages, phone or desktop. */
const visit = (r) => (i) => {
  const n = i % 50_000;
  return {
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${r}.${n >> 8}.${n & 255}` },
    body: JSON.stringify({
      userID: `bench-load-${r}-${n}`,
      userType: 'anonymous',
      pageVisited: PAGES[i % PAGES.length],
      timestamp: Date.now(),
      device: i % 3 ? 'mobile' : 'desktop',
    }),
  };
};

async function waitStored(file, expected) {
  const until = Date.now() + FLUSH_WAIT_MS;
  let now = stored(file);
  while ((now.rows < expected.rows || now.rolledUp < expected.rolledUp) && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 250));
    now = stored(file);
  }
  return now;
}

export default {
  name: 'visits',
  title: 'Visit tracking under load, and the dashboard on 1,000,000 visits',
  async run(ctx) {
    const cms = await ctx.stack.cms('production');
    const file = ctx.stack.databaseFile;
    const url = `${cms}/api/track-visit-realtime`;
    await loadRun(url, { ...LOAD, seconds: 1, method: 'POST', pick: visit(0) }); // warm-up, not counted
    const runs = [];
    for (let r = 1; r <= ctx.runs; r++) {
      await new Promise((r) => setTimeout(r, 2_500)); // the queue flushes every second: the warm-up's visits are written
      const before = stored(file);
      const run = await loadRun(url, { ...LOAD, method: 'POST', pick: visit(r) });
      const after = await waitStored(file, { rows: before.rows + run.ok, rolledUp: before.rolledUp + run.ok });
      runs.push({ ...run, accepted: run.ok, storedRows: after.rows - before.rows, storedRolledUp: after.rolledUp - before.rolledUp });
    }
    const post = medianOf(runs);
    const accepted = runs.reduce((sum, run) => sum + run.accepted, 0);
    const storedRows = runs.reduce((sum, run) => sum + run.storedRows, 0);
    const storedRolledUp = runs.reduce((sum, run) => sum + run.storedRolledUp, 0);

    await ctx.stack.cms('signed-in');
    const admin = await signedInAdmin(ctx.stack);
    const summary = await (await fetch(`${cms}/api/admin/visits/summary`, { headers: bearer(admin) })).json();
    const from = new Date(Date.parse(`${summary.to}T00:00:00Z`) - 119 * 86_400_000).toISOString().slice(0, 10);
    const dashboard = {
      days30: await sequential(`${cms}/api/admin/visits/summary`, { headers: bearer(admin) }),
      days120: await sequential(`${cms}/api/admin/visits/summary?from=${from}&to=${summary.to}`, { headers: bearer(admin) }),
    };
    const all = await (await fetch(`${cms}/api/admin/visits/summary?from=${from}&to=${summary.to}`, { headers: bearer(admin) })).json();
    // Requests still in flight when a run ends (or past autocannon's timeout) are stored without their 202 being
    // counted: at least every accepted visit must be there, and the roll-up must agree with the raw rows.
    const allStored = storedRows >= accepted && storedRolledUp === storedRows;
    return {
      figures: {
        post: { ...post, runs },
        accepted,
        storedRows,
        storedRolledUp,
        dashboard,
        visitsInRange: { days30: summary.totals.visits, days120: all.totals.visits },
      },
      tables: [
        {
          caption: `POST: ${LOAD.connections} connections for ${LOAD.seconds} s, ${ctx.runs} runs after a 1 s warm-up; medians; straight to the cms in production mode. Dashboard: one admin alone, 20 requests in a row (signed-in mode). Latencies in ms.`,
          columns: ['What', '>Requests/s', '>p50', '>p95', '>p99', '>Errors'],
          rows: [
            ['`POST /api/track-visit-realtime` (anonymous visits)', num(post.rps), num(post.p50, 1), num(post.p95, 1), num(post.p99, 1), num(post.errors)],
            [`Dashboard, last 30 days (${num(summary.totals.visits)} visits)`, '', num(dashboard.days30.p50, 1), num(dashboard.days30.p95, 1), '', ''],
            [`Dashboard, 120 days (${num(all.totals.visits)} visits)`, '', num(dashboard.days120.p50, 1), num(dashboard.days120.p95, 1), '', ''],
          ],
        },
      ],
      targets: [
        {
          target: 'Every accepted visit is stored (issue 9)',
          measured: `${num(accepted)} answered 202; ${num(storedRows)} rows and ${num(storedRolledUp)} in the per-day roll-up within ${FLUSH_WAIT_MS / 1000} s (the rest were sent but their answer came after the load ended or timed out)`,
          met: allStored,
        },
      ],
      notes: [
        'The issue asks for 30 s at 200 connections: here the 30 s are three 10 s runs, so a median can be given.',
        'Visits are queued in the cms and written in bulk (every second or 500 rows): the 202 comes before the insert.',
      ],
    };
  },
};
