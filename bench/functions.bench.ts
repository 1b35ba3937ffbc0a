/**
 * `npm run bench:functions [-- N]`: throughput of the date functions (DATE_FORMAT_STR,
 * STR_TO_MILLIS, DATE_ADD_STR) and of the MEDIAN / STDDEV accumulators over N values
 * (default 1,000,000), each beside its plain JavaScript baseline measured in the same run
 * (medians of repeated runs). Target (issue 20): no function slower than 5× its baseline.
 */
import { benchDates } from './functions/dates.js';
import { benchAggregates } from './functions/aggregates.js';

const n = Number(process.argv[2] ?? 1_000_000);
const rows = [...benchDates(n), ...benchAggregates(n)];
console.log(`n = ${n.toLocaleString('en-US')} values; times are medians of repeated runs (ms)`);
const w = Math.max(8, ...rows.map((r) => r.name.length)) + 2;
console.log(['function'.padEnd(w), 'ms'.padStart(9), 'baseline ms'.padStart(12), 'ratio'.padStart(7), '  target', '  baseline'].join(''));
let failed = 0;
for (const r of rows) {
  const ratio = r.ms / r.baselineMs;
  const ok = ratio <= 5;
  if (!ok) failed++;
  console.log(
    [r.name.padEnd(w), r.ms.toFixed(1).padStart(9), r.baselineMs.toFixed(1).padStart(12), `${ratio.toFixed(2)}x`.padStart(7), ok ? '  ≤5x ok' : '  >5x !!', `  ${r.baseline}`].join(''),
  );
}
console.log(failed === 0 ? 'every function within 5x of its baseline' : `${failed} function(s) over 5x of their baseline`);
