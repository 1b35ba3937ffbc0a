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

/**
 * The failures of one store kind beyond the common list (`expected-failures-<kind>.json`): what
 * that store cannot do by design, e.g. an index key longer than PostgreSQL's B-tree entries
 * (2,704 bytes) is left out of the index, so the planner does not scan that index there
 * (docs/postgres.md "Index entries"); the rows stay the same.
 */
export function storeFailuresFile(kind: string): string {
  return path.join(path.dirname(EXPECTED_FAILURES_FILE), `expected-failures-${kind}.json`);
}

export type Expectations = Record<string, string>;

function readList(file: string): Expectations {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Expectations) : {};
}

/** The list for a store kind: the common list and that kind's own (`memory`, the default: the common list alone). */
export function readExpectations(kind = 'memory'): Expectations {
  const common = readList(EXPECTED_FAILURES_FILE);
  return kind === 'memory' ? common : { ...common, ...readList(storeFailuresFile(kind)) };
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

/**
 * Writes the list, replacing the entries of the features that ran and keeping the others. On
 * the memory store (the default) the common list; on another kind that kind's own list, with
 * the failures the common list does not have.
 */
export function writeExpectations(ranFeatures: readonly string[], outcomes: readonly CaseOutcome[], kind = 'memory'): void {
  const file = kind === 'memory' ? EXPECTED_FAILURES_FILE : storeFailuresFile(kind);
  const common = kind === 'memory' ? {} : readList(EXPECTED_FAILURES_FILE);
  const prefixes = ranFeatures.map((f) => f.replace('-', '/') + '/');
  const kept = Object.entries(readList(file)).filter(([id]) => !prefixes.some((p) => id.startsWith(p)));
  const found = Object.entries(failuresOf(outcomes)).filter(([id]) => !(id in common));
  const all = { ...Object.fromEntries(kept), ...Object.fromEntries(found) };
  const sorted = Object.fromEntries(Object.entries(all).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  writeFileSync(file, JSON.stringify(sorted, null, 1) + '\n');
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
