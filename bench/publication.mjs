// Publishing a month of 10,000 scored entries on SQLite (issue 6): score cards, entry statuses, a notification per
// entrant, the leaderboard and participation certificates, in the one transaction a results timer runs. Each
// source runs bench/results-publication.mjs in a process of its own (a fresh database, its own memory figures):
// the judges' in-app scores (two judges per entry) and a results CSV. It needs no part of the bench stack.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { num } from './lib/stats.mjs';

const ENTRIES = 10_000;
const POETS = 7_000;
const TARGET_SECONDS = 10;
const SOURCES = [
  ['judges', 'Judges’ in-app scores (20,000 score rows)'],
  ['csv', 'Results CSV (10,000 rows)'],
];

export default {
  name: 'results-publication',
  title: 'Publishing a month of 10,000 scored entries (SQLite)',
  async run(ctx) {
    const figures = {};
    for (const [source] of SOURCES) {
      ctx.log(`bench: results-publication from ${source}`);
      const child = spawnSync(process.execPath, ['--expose-gc', join(ctx.root, 'bench', 'results-publication.mjs'), String(ENTRIES), String(POETS), source], {
        cwd: ctx.root,
        env: process.env,
        stdio: ['ignore', 'ignore', 'inherit'],
        timeout: 600_000,
      });
      if (child.status !== 0) throw new Error(`results-publication.mjs (${source}) exited with ${child.status ?? child.signal}`);
      figures[source] = JSON.parse(readFileSync(join(ctx.root, 'bench', 'results', 'results-publication.json'), 'utf8'))[source];
    }
    const steps = (f) =>
      Object.entries(f.stepSeconds)
        .map(([step, seconds]) => `${step} ${num(seconds, 2)}`)
        .join('; ');
    return {
      figures,
      tables: [
        {
          caption: `One month: ${ENTRIES.toLocaleString('en-US')} entries by ${POETS.toLocaleString('en-US')} poets, published by a results timer's firing (one transaction).`,
          columns: ['Scores from', '>Wall s', '>CPU s', '>Peak RSS MB', 'Steps (s)'],
          rows: SOURCES.map(([source, label]) => [
            label,
            num(figures[source].wallSeconds, 2),
            num(figures[source].cpuSeconds, 2),
            figures[source].peakRssMB,
            steps(figures[source]),
          ]),
        },
      ],
      targets: SOURCES.map(([source, label]) => ({
        target: `Publishing 10,000 scored entries under 10 s on SQLite (issue 6), ${label.toLowerCase()}`,
        measured: `${num(figures[source].wallSeconds, 2)} s wall, ${num(figures[source].cpuSeconds, 2)} s CPU, peak ${figures[source].peakRssMB} MB`,
        met: figures[source].wallSeconds < TARGET_SECONDS,
      })),
      notes: ['Wall time depends on how busy the machine is (see the load average above); CPU time is the cms process’s own.'],
    };
  },
};
