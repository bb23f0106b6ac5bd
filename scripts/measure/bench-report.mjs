// The benchmark's report (scripts/measure/bench.mjs): its tables on the terminal and its figures in
// bench/results/<timestamp>.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { root } from '../dev/local-newsroom.mjs';

/** A latency cell: empty for a route that was not measured, `>duration` when no request finished. */
export function latencyCell(row, percentile, options) {
  if (!row.available) return '';
  return row.latencyMs ? String(row.latencyMs[percentile]) : `>${options.duration * 1000}`;
}

function table(rows, columns) {
  const widths = columns.map((column) => Math.max(column.title.length, ...rows.map((row) => String(column.value(row)).length)));
  const line = (cells) => cells.map((cell, i) => (columns[i].right ? String(cell).padStart(widths[i]) : String(cell).padEnd(widths[i]))).join('  ');
  return [line(columns.map((column) => column.title)), line(widths.map((width) => '-'.repeat(width))), ...rows.map((row) => line(columns.map((column) => column.value(row))))].join('\n');
}

const d1Column = { title: 'D1 trips/stmts', right: true, value: (row) => (row.d1 ? `${row.d1.roundTrips}/${row.d1.statements}` : row.available ? '0/0' : '') };
const bytesColumn = { title: 'bytes', right: true, value: (row) => (row.available ? row.bytes : '') };
const errorsColumn = { title: 'errors', right: true, value: (row) => (row.available ? row.non2xx + row.errors + row.timeouts : '') };

/** The columns every table starts with: the row's name and path, its rate and latencies. */
function rateColumns(nameTitle, config) {
  return [
    { title: nameTitle, value: (row) => row.name },
    { title: 'path', value: (row) => row.path },
    { title: 'req/s', right: true, value: (row) => (row.available ? row.requestsPerSecond.toFixed(0) : 'n/a') },
    { title: 'p50 ms', right: true, value: (row) => latencyCell(row, 'p50', config) },
    { title: 'p99 ms', right: true, value: (row) => latencyCell(row, 'p99', config) },
    // Sequential requests after the load: the time to the document's first byte.
    { title: '1st byte p50/p95 ms', right: true, value: (row) => (row.ttfbMs ? `${row.ttfbMs.p50} / ${row.ttfbMs.p95}` : '') },
  ];
}

export function printDefaultTable(rows, ceilingRate, config) {
  console.log(
    '\n' +
      table(rows, [
        ...rateColumns('route', config),
        { title: 'vs ceiling', right: true, value: (row) => (row.available ? `${((row.requestsPerSecond / ceilingRate) * 100).toFixed(0)}%` : '') },
        bytesColumn,
        { title: 'X-Cache', value: (row) => row.cache ?? (row.available ? '-' : '') },
        d1Column,
        errorsColumn,
      ]),
  );
}

export function printScaleTable(rows, config) {
  console.log(
    '\n' +
      table(rows, [
        ...rateColumns('page (page-cache miss)', config),
        { title: 'first ms', right: true, value: (row) => row.firstRequestMs ?? '' },
        bytesColumn,
        d1Column,
        errorsColumn,
      ]),
  );
}

export function writeResults(report) {
  const dir = join(root, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${report.startedAt.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify(report, null, 2) + '\n');
  console.log(`\nWrote ${relative(root, file)}`);
}
