// GET /api/notifications for the busiest poet (10,000 notifications of their own among the dataset's
// 100,000) at 50 concurrent connections (issue 7): requests/s, p50/p95/p99. Straight to the cms, signed in.
import { BUSY_POET } from './seed/notifications.mjs';
import { measured } from './lib/load.mjs';
import { num } from './lib/stats.mjs';
import { bearer, signedInUsers } from './lib/users.mjs';

const LOAD = { connections: 50, seconds: 5 };

export default {
  name: 'notifications',
  title: 'Notifications of a poet with 10,000 of them',
  async run(ctx) {
    const cms = await ctx.stack.cms('signed-in');
    const [poet] = await signedInUsers(ctx.stack, [BUSY_POET]);
    const first = await (await fetch(`${cms}/api/notifications`, { headers: bearer(poet) })).json();
    const older = `/api/notifications?before=${first.nextBefore}`;
    const latest = await measured(`${cms}/api/notifications`, ctx.runs, { ...LOAD, headers: bearer(poet) });
    const next = await measured(`${cms}${older}`, ctx.runs, { ...LOAD, headers: bearer(poet) });
    const row = (name, path, m) => [name, `\`${path}\``, num(m.rps), num(m.p50, 1), num(m.p95, 1), num(m.p99, 1), num(m.errors)];
    return {
      figures: { poet: BUSY_POET.uid, notifications: BUSY_POET.notifications, latest, next },
      tables: [
        {
          caption: `${LOAD.connections} connections for ${LOAD.seconds} s after a 1 s warm-up, ${ctx.runs} runs; medians; one poet’s token (${num(BUSY_POET.notifications)} notifications of theirs); straight to the cms (signed-in mode). Latencies in ms.`,
          columns: ['Request', 'Path', '>Requests/s', '>p50', '>p95', '>p99', '>Errors'],
          rows: [row('Newest page (what the bell asks for)', '/api/notifications', latest), row('The page after it', '/api/notifications?before={id}', next)],
        },
      ],
    };
  },
};
