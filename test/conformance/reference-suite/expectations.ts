import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CaseOutcome } from './run-group.js';

/**
 * The checked-in list of cases of the reference suite that tokenql is known to fail, each with
 * its reason: `{ "<case id>": "reason", "<case id>#explain": "reason" }`. The suite test fails
 * on a case that fails without being listed (a regression) and on a listed case that passes
 * (the list must shrink with the code).
 */
export const EXPECTED_FAILURES_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'expected-failures.json');

export type Expectations = Record<string, string>;

export function readExpectations(): Expectations {
  return existsSync(EXPECTED_FAILURES_FILE) ? (JSON.parse(readFileSync(EXPECTED_FAILURES_FILE, 'utf8')) as Expectations) : {};
}

/** The list's entries for a run's failures (results and EXPLAIN checks). */
export function failuresOf(outcomes: readonly CaseOutcome[]): Expectations {
  const out: Expectations = {};
  for (const o of outcomes) {
    if (!o.pass) out[o.id] = o.why ?? 'fails';
    if (o.explain && !o.explain.pass) out[`${o.id}#explain`] = o.explain.why ?? 'fails';
  }
  return out;
}

/** Writes the list, replacing the entries of the features that ran and keeping the others. */
export function writeExpectations(ranFeatures: readonly string[], outcomes: readonly CaseOutcome[]): void {
  const prefixes = ranFeatures.map((f) => f.replace('-', '/') + '/');
  const kept = Object.entries(readExpectations()).filter(([id]) => !prefixes.some((p) => id.startsWith(p)));
  const all = { ...Object.fromEntries(kept), ...failuresOf(outcomes) };
  const sorted = Object.fromEntries(Object.entries(all).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  writeFileSync(EXPECTED_FAILURES_FILE, JSON.stringify(sorted, null, 1) + '\n');
}

/** What differs from the list: failures not listed, and listed ids that passed. */
export function surprises(outcomes: readonly CaseOutcome[], expected: Expectations): { regressions: string[]; nowPassing: string[] } {
  const regressions: string[] = [];
  const nowPassing: string[] = [];
  const check = (id: string, pass: boolean, why?: string) => {
    if (!pass && !(id in expected)) regressions.push(`${id}: ${why ?? ''}`);
    if (pass && id in expected) nowPassing.push(id);
  };
  for (const o of outcomes) {
    check(o.id, o.pass, o.why);
    if (o.explain) check(`${o.id}#explain`, o.explain.pass, o.explain.why);
  }
  return { regressions, nowPassing };
}
