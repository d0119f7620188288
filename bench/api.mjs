// Hot API endpoints under load (autocannon, straight to the cms as the production proxy sends them):
// requests/s, p50/p95/p99 and errors; and the counters endpoint against a bare Koa "hello" route (the
// Koa that Strapi runs on) started on the same machine, measured in alternation.
import { join } from 'node:path';
import { waitFor } from '../scripts/lib/stack.mjs';
import { benchPoet } from './seed/poets.mjs';
import { interleaved, loadRun, measured } from './lib/load.mjs';
import { startProcess, stopProcess } from './lib/proc.mjs';
import { LOG_DIR } from './lib/stack.mjs';
import { signedInPoets } from './lib/users.mjs';
import { medianOf, num, ratio, times } from './lib/stats.mjs';

const LOAD = { connections: 10, seconds: 5 };
const TARGET_RATIO = 0.5;
const SIGNED_IN_USERS = 10;

/** Spread over many rows, as real traffic is: the i-th request of a varying endpoint. */
const somePoet = (i) => benchPoet(1 + ((i * 7919) % 9_000));

const ANONYMOUS = [
  { name: 'Poets counter', path: '/api/users/count' },
  { name: 'Pieces counter', path: '/api/submission-count' },
  { name: 'Testimonials', path: '/api/testimonials' },
  { name: 'User lookup', path: '/api/users/{uid}', pick: (i) => ({ path: `/api/users/${somePoet(i).uid}` }) },
];
const SIGNED_IN = [
  { name: 'Notifications (signed in)', path: '/api/notifications' },
  { name: 'Own profile (signed in)', path: '/api/users/me' },
];

/** An endpoint that answers 404 to a plain GET (with a token where it needs one) is not built yet. */
async function exists(url, headers = {}) {
  const res = await fetch(url, { headers });
  return res.status !== 404;
}

async function measure(cms, endpoint, runs, headersOf) {
  const url = `${cms}${endpoint.pick ? endpoint.pick(0).path : endpoint.path}`;
  const pick = (i) => ({ ...(endpoint.pick ? endpoint.pick(i) : {}), ...(headersOf ? { headers: headersOf(i) } : {}) });
  return { name: endpoint.name, path: endpoint.path, ...(await measured(url, runs, { ...LOAD, pick })) };
}

const row = (m) => [m.name, `\`${m.path}\``, num(m.rps), num(m.p50, 1), num(m.p95, 1), num(m.p99, 1), num(m.errors)];

export default {
  name: 'api',
  title: 'Hot API endpoints',
  async run(ctx) {
    const missing = [];
    const measured = [];

    const cms = await ctx.stack.cms('production');
    for (const endpoint of ANONYMOUS) {
      if (!(await exists(`${cms}${endpoint.pick ? endpoint.pick(0).path : endpoint.path}`))) missing.push(endpoint);
      else measured.push(await measure(cms, endpoint, ctx.runs));
    }

    const koa = startProcess('bare koa', process.execPath, [new URL('./lib/koa-hello.mjs', import.meta.url).pathname, String(ctx.stack.ports.koa)], {
      cwd: LOG_DIR,
      env: process.env,
      logFile: join(LOG_DIR, 'koa-hello.log'),
    });
    let counter;
    let hello;
    try {
      const koaUrl = `http://127.0.0.1:${ctx.stack.ports.koa}/api/hello`;
      await waitFor(koaUrl, 'bare koa', { child: koa });
      await loadRun(koaUrl, { ...LOAD, seconds: 1 });
      const runs = await interleaved({ counter: { url: `${cms}/api/users/count` }, hello: { url: koaUrl } }, ctx.runs, LOAD);
      counter = { name: 'Poets counter (in alternation with Koa)', path: '/api/users/count', ...medianOf(runs.counter), runs: runs.counter };
      hello = { name: 'Bare Koa "hello" (same Koa as Strapi)', path: '/api/hello', ...medianOf(runs.hello), runs: runs.hello };
    } finally {
      await stopProcess(koa);
    }

    const signedIn = await ctx.stack.cms('signed-in');
    const users = await signedInPoets(ctx.stack, SIGNED_IN_USERS);
    const headersOf = (i) => ({ authorization: `Bearer ${users[i % users.length].token}` });
    for (const user of users) await fetch(`${signedIn}/api/users/me`, { headers: { authorization: `Bearer ${user.token}` } });
    for (const endpoint of SIGNED_IN) {
      if (!(await exists(`${signedIn}${endpoint.path}`, headersOf(0)))) missing.push(endpoint);
      else measured.push(await measure(signedIn, endpoint, ctx.runs, headersOf));
    }

    const r = ratio(counter.rps, hello.rps);
    return {
      figures: { endpoints: measured, counter, hello, ratio: r, missing: missing.map((e) => e.path) },
      tables: [
        {
          caption: `${LOAD.connections} connections for ${LOAD.seconds} s after a 1 s warm-up, ${ctx.runs} runs; medians. Straight to the cms (production mode; signed-in rows: see below), loopback, the load generator on the same 2 cores. Latencies in ms.`,
          columns: ['Endpoint', 'Path', '>Requests/s', '>p50', '>p95', '>p99', '>Errors'],
          rows: [...measured, counter, hello].map(row).concat([['Counter / bare Koa', '', times(r), '', '', '', '']]),
        },
      ],
      targets: [
        {
          target: 'Counters ≥ 0.5× a bare Koa route',
          measured: `${times(r)} (${num(counter.rps)} vs ${num(hello.rps)} requests/s)`,
          reference: 'bare Koa on the same machine',
          met: r === null ? null : r >= TARGET_RATIO,
        },
      ],
      notes: [
        ...(missing.length ? [`Not measured, not in main yet (404): ${missing.map((e) => `\`${e.path}\``).join(', ')}.`] : []),
        `Signed-in rows: ${SIGNED_IN_USERS} poets’ Firebase ID tokens from the Auth emulator, in turn. The cms refuses the emulator in production, so these run with NODE_ENV=development on the same build and database.`,
        'User lookup asks for a different one of the 10,000 poets on each request.',
      ],
    };
  },
};
