// Static HTML throughput: the site's own server (site/server/serve.mjs) against nginx serving the same built
// home page, both sending its precompressed gzip variant, measured in alternation on loopback.
import { join } from 'node:path';
import { getRaw } from './lib/http.mjs';
import { interleaved } from './lib/load.mjs';
import { ensureNginx, startNginx, startPlainNode } from './lib/nginx.mjs';
import { stopProcess } from './lib/proc.mjs';
import { LOG_DIR } from './lib/stack.mjs';
import { median, medianOf, num, ratio, times } from './lib/stats.mjs';

const TARGET_RATIO = 0.5;
const LOAD = { connections: 50, seconds: 5 };
const HEADERS = { 'accept-encoding': 'gzip' };

export default {
  name: 'static-html',
  title: 'Static HTML throughput: site server vs nginx',
  async run(ctx) {
    const { url: siteUrl } = await ctx.stack.site();
    const root = join(ctx.root, 'site', 'dist');
    const port = ctx.stack.ports.nginx;
    const reference = ensureNginx(ctx.log) ? await startNginx({ root, port, logDir: LOG_DIR }) : await startPlainNode({ root, port, logDir: LOG_DIR });
    try {
      const referenceUrl = `http://127.0.0.1:${port}/`;
      const [ours, theirs] = await Promise.all([getRaw(`${siteUrl}/`), getRaw(referenceUrl)]);
      if (ours.status !== 200 || theirs.status !== 200 || !ours.body.equals(theirs.body)) throw new Error('the two servers do not send the same home page');
      const runs = await interleaved({ site: { url: `${siteUrl}/` }, reference: { url: referenceUrl } }, ctx.runs, { ...LOAD, headers: HEADERS });
      const site = medianOf(runs.site);
      const ref = medianOf(runs.reference);
      const r = ratio(site.rps, ref.rps);
      const row = (name, m) => [name, num(m.rps), `${num(m.p50, 1)} / ${num(m.p95, 1)} / ${num(m.p99, 1)} ms`, num(m.errors)];
      return {
        figures: { site, reference: { ...ref, name: reference.name }, ratio: r, runs, bytes: ours.wireBytes, encoding: ours.headers['content-encoding'] },
        tables: [
          {
            caption: `\`GET /\` (the built home page, ${num(ours.wireBytes / 1024, 1)} KB ${ours.headers['content-encoding'] ?? 'uncompressed'}) with ${LOAD.connections} connections for ${LOAD.seconds} s, ${ctx.runs} runs each in alternation; medians. The load generator shares the machine's 2 cores.`,
            columns: ['Server', '>Requests/s', '>p50 / p95 / p99', '>Errors'],
            rows: [row('site server (serve.mjs)', site), row(reference.name, ref), ['ratio site / reference', times(r), '', '']],
          },
        ],
        targets: [
          {
            target: 'Static HTML throughput ≥ 0.5× nginx',
            measured: `${times(r)} (${num(site.rps)} vs ${num(ref.rps)} requests/s)`,
            reference: reference.name,
            met: r === null ? null : r >= TARGET_RATIO,
          },
        ],
        notes: [
          `Runs: site ${runs.site.map((x) => num(x.rps)).join(', ')}; ${reference.name} ${runs.reference.map((x) => num(x.rps)).join(', ')} requests/s (median ${num(median(runs.reference.map((x) => x.rps)))}).`,
        ],
      };
    } finally {
      await stopProcess(reference.child);
    }
  },
};
