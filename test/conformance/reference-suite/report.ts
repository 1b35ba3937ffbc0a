/**
 * `npm run conformance [-- FEATURE… | --failures | --write-expected | --json FILE]`: runs the
 * reference suite (every in-scope feature, or the ones named; a name may be a prefix such as
 * `gsi-date`) and prints passed / counted per feature, with the EXPLAIN checks apart.
 * `--failures` prints each failing case's reason; `--write-expected` rewrites the expected
 * failures of the features that ran. `--store KIND` runs the groups on that store
 * (test/support/store-kinds.ts: memory, the default; file; postgres).
 */
import { writeFileSync } from 'node:fs';
import { featureCases, groupCases, suiteFeatures } from './suite.js';
import { runGroup, type CaseOutcome } from './run-group.js';
import { readExpectations, surprises, writeExpectations } from './expectations.js';
import { releaseStoreKind, STORE_KINDS, type StoreKind } from '../../support/store-kinds.js';

const args = process.argv.slice(2);
const flag = (f: string) => args.includes(f);
const jsonAt = args.indexOf('--json');
const jsonFile = jsonAt >= 0 ? args[jsonAt + 1] : undefined;
const storeAt = args.indexOf('--store');
const store = (storeAt >= 0 ? args[storeAt + 1] : 'memory') as StoreKind;
if (!STORE_KINDS.includes(store)) throw new Error(`--store: one of ${STORE_KINDS.join(', ')}`);
const valueAt = new Set([jsonAt, storeAt].filter((i) => i >= 0).map((i) => i + 1));
const names = args.filter((a, i) => !a.startsWith('--') && !valueAt.has(i));
const features = suiteFeatures().filter((f) => f.inScope && f.cases > 0 && (names.length === 0 || names.some((n) => f.name.startsWith(n))));

const all: CaseOutcome[] = [];
const rows: string[][] = [];
let total = 0;
let passed = 0;
let exTotal = 0;
let exPassed = 0;
for (const f of features) {
  const started = performance.now();
  const outcomes: CaseOutcome[] = [];
  for (const g of groupCases(featureCases(f.name))) outcomes.push(...(await runGroup(g, store)));
  const ok = outcomes.filter((o) => o.pass).length;
  const ex = outcomes.filter((o) => o.explain);
  const exOk = ex.filter((o) => o.explain!.pass).length;
  total += outcomes.length;
  passed += ok;
  exTotal += ex.length;
  exPassed += exOk;
  all.push(...outcomes);
  rows.push([
    f.name,
    `${ok}/${outcomes.length}`,
    `${((100 * ok) / Math.max(1, outcomes.length)).toFixed(1)}%`,
    ex.length ? `${exOk}/${ex.length}` : '',
    String(f.baselinePassed),
    `${((performance.now() - started) / 1000).toFixed(1)}s`,
  ]);
  if (flag('--failures')) for (const o of outcomes) {
    if (!o.pass) console.log(`  FAIL ${o.id}: ${o.why}`);
    if (o.explain && !o.explain.pass) console.log(`  FAIL ${o.id}#explain: ${o.explain.why}`);
  }
}
rows.push(['total', `${passed}/${total}`, `${((100 * passed) / Math.max(1, total)).toFixed(1)}%`, `${exPassed}/${exTotal}`, '', '']);
const head = ['feature', 'passed', '%', 'explain', 'baseline', 'time'];
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
console.log(line(head));
for (const r of rows) console.log(line(r));
const s = surprises(all, readExpectations(store));
console.log(`against expected-failures.json: ${s.regressions.length} unlisted failures, ${s.nowPassing.length} listed cases now passing`);
if (jsonFile) writeFileSync(jsonFile, JSON.stringify(all, null, 1));
if (flag('--write-expected')) writeExpectations(features.map((f) => f.name), all, store);
await releaseStoreKind(store);
