// Renders bench results as Markdown: a header (date, machine, versions, dataset), the targets side by side
// with what was measured, then each benchmark's own tables.

const escapeCell = (value) =>
  String(value ?? '–')
    .replaceAll('|', '\\|')
    .replaceAll('\n', ' ');

/** A Markdown table; columns whose name starts with '>' are right-aligned (the '>' is dropped). */
export function markdownTable(columns, rows) {
  const names = columns.map((c) => (c.startsWith('>') ? c.slice(1) : c));
  const rule = columns.map((c) => (c.startsWith('>') ? '---:' : '---'));
  const line = (cells) => `| ${cells.map(escapeCell).join(' | ')} |`;
  return [line(names), `|${rule.join('|')}|`, ...rows.map((row) => line(columns.map((_, i) => row[i])))].join('\n');
}

const verdict = (met) => (met === true ? 'yes' : met === false ? '**no**' : 'n/a');

/** The whole results document. */
export function renderResults(results) {
  const { machine, versions, dataset, benchmarks } = results;
  const out = [];
  out.push(`# Writory benchmarks`, '');
  const full = results.lastFullRun;
  out.push(
    `Last run: \`${results.command}\` on ${results.date} in ${Math.round(results.seconds)} s.` +
      (full && full.date !== results.date
        ? ` Last full run (\`npm run bench\`): ${full.date} in ${Math.round(full.seconds)} s, load average ${full.loadAverage} at its start.`
        : ''),
    '',
  );
  out.push(
    `Machine: ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGiB} GiB, ${machine.os}; load average at start ${machine.loadAverage}. ` +
      `Versions: ${Object.entries(versions)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}.`,
    '',
  );
  if (dataset) {
    const counts = Object.entries(dataset.counts)
      .map(([k, v]) => `${Number(v).toLocaleString('en-US')} ${k}`)
      .join(', ');
    out.push(
      `Dataset (${dataset.reused ? 'reused' : `seeded in ${Math.round(dataset.seconds)} s`}): ${counts}. Not seeded yet: ${dataset.notSeeded.join('; ') || 'none'}.`,
      '',
    );
  }
  const entries = Object.entries(benchmarks);
  const targets = entries.flatMap(([, b]) => b.targets ?? []);
  if (targets.length) {
    out.push('## Targets', '');
    out.push(
      markdownTable(
        ['Target', 'Measured', 'Reference', 'Met'],
        targets.map((t) => [t.target, t.measured, t.reference ?? '', verdict(t.met)]),
      ),
      '',
    );
  }
  for (const [name, bench] of entries) {
    out.push(`## ${bench.title} (\`${name}\`)`, '');
    if (bench.error) out.push(`Did not finish: ${bench.error.split('\n')[0]}`, '');
    for (const table of bench.tables ?? []) {
      if (table.caption) out.push(table.caption, '');
      out.push(markdownTable(table.columns, table.rows), '');
    }
    for (const note of bench.notes ?? []) out.push(`- ${note}`);
    if (bench.notes?.length) out.push('');
    if (bench.date !== results.date) out.push(`_Measured ${bench.date} by \`npm run bench -- ${name}\`._`, '');
  }
  return `${out.join('\n').trimEnd()}\n`;
}
