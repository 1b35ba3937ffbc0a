/**
 * `npm run bench:functions [-- N]`: throughput of the date functions (DATE_FORMAT_STR,
 * STR_TO_MILLIS, DATE_ADD_STR) and of the MEDIAN / STDDEV accumulators over N values
 * (default 1,000,000), each beside its plain JavaScript baseline measured in the same run.
 * Prints min / median / max of the repeated runs of each, and the ratio of the medians.
 * Target (issue 20): no function's median slower than 5× its baseline's. Results and the
 * machine they were taken on: docs/functions.md, "Benchmark".
 */
import { benchDates } from './functions/dates.js';
import { benchAggregates } from './functions/aggregates.js';

const n = Number(process.argv[2] ?? 1_000_000);
const rows = [...benchDates(n), ...benchAggregates(n)];
console.log(`n = ${n.toLocaleString('en-US')} values; times in ms as min / median / max of the repeated runs`);
const w = Math.max(8, ...rows.map((r) => r.name.length)) + 2;
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `${s[0].toFixed(1)} / ${s[s.length >> 1].toFixed(1)} / ${s[s.length - 1].toFixed(1)}`;
};
console.log(['function'.padEnd(w), 'ms'.padStart(22), 'baseline ms'.padStart(24), 'ratio'.padStart(8), '  target', '  baseline'].join(''));
let failed = 0;
for (const r of rows) {
  const ratio = r.ms / r.baselineMs;
  const ok = ratio <= 5;
  if (!ok) failed++;
  console.log(
    [r.name.padEnd(w), stats(r.runs).padStart(22), stats(r.baselineRuns).padStart(24), `${ratio.toFixed(2)}x`.padStart(8), ok ? '  ≤5x ok' : '  >5x !!', `  ${r.baseline}`].join(''),
  );
}
console.log(failed === 0 ? 'every function within 5x of its baseline' : `${failed} function(s) over 5x of their baseline`);
