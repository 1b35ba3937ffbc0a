/**
 * `npm run bench:functions [-- N]`: throughput of the date functions (DATE_FORMAT_STR,
 * STR_TO_MILLIS, DATE_ADD_STR) and of the MEDIAN / STDDEV accumulators over N values
 * (default 1,000,000), each beside its plain JavaScript baseline measured in the same run.
 * Prints min / median / max wall time of the repeated runs of each and the ratio of the wall
 * medians (the target, issue 20: ≤ 5×), then the same ratio in CPU time (bench/functions/clock.ts),
 * which a machine busy with other processes does not inflate. Results and the machine they were
 * taken on: docs/functions.md, "Benchmark".
 */
import { benchDates } from './functions/dates.js';
import { benchAggregates } from './functions/aggregates.js';
import { median } from './functions/clock.js';

const n = Number(process.argv[2] ?? 1_000_000);
const rows = [...benchDates(n), ...benchAggregates(n)];
console.log(`n = ${n.toLocaleString('en-US')} values; wall times in ms as min / median / max of the repeated runs`);
const w = Math.max(8, ...rows.map((r) => r.name.length)) + 2;
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `${s[0].toFixed(1)} / ${s[s.length >> 1].toFixed(1)} / ${s[s.length - 1].toFixed(1)}`;
};
console.log(['function'.padEnd(w), 'ms'.padStart(26), 'baseline ms'.padStart(26), 'ratio'.padStart(8), '  target', '  cpu ratio', '  baseline'].join(''));
let failed = 0;
for (const r of rows) {
  const ratio = r.ms / r.baselineMs;
  const cpuRatio = median(r.cpuRuns) / median(r.baselineCpuRuns);
  const ok = ratio <= 5;
  if (!ok) failed++;
  console.log(
    [
      r.name.padEnd(w),
      stats(r.runs).padStart(26),
      stats(r.baselineRuns).padStart(26),
      `${ratio.toFixed(2)}x`.padStart(8),
      ok ? '  ≤5x ok' : '  >5x !!',
      `${cpuRatio.toFixed(2)}x`.padStart(11),
      `  ${r.baseline}`,
    ].join(''),
  );
}
console.log(failed === 0 ? 'every function within 5x of its baseline' : `${failed} function(s) over 5x of their baseline (wall medians)`);
