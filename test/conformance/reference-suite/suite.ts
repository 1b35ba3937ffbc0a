import { readFileSync } from 'node:fs';
import type { Value } from '../../../src/index.js';
import { sharedPath } from '../../support/shared.js';
import { harnessCases, hasHarnessRuns } from './harness-runs.js';

/**
 * The reference's own test suite as converted in ../shared/conformance/reference-suite/ (its
 * README gives the members of a case and the harness's comparison rules).
 */

/** Where the suite lives, relative to ../shared/. */
export const SUITE_DIR = 'conformance/reference-suite';

/** One case of the suite (the members this runner reads). */
export interface SuiteCase {
  id: string;
  statement: string;
  keyspaces: Record<string, { file: string; key?: string }>;
  setup: string[];
  results?: Value[];
  ordered: boolean;
  named_args?: Record<string, Value>;
  positional_args?: Value[];
  expect_error?: boolean;
  error_code?: number;
  error_text?: string;
  warning_code?: number;
  warning_text?: string;
  no_results_check?: boolean;
  ignore?: string | string[];
  explain_check?: { statement: string; results: Value[]; use_args?: boolean };
  explain_block_not_run?: boolean;
  query_params?: Record<string, Value>;
  prepared_run?: boolean;
  advise?: boolean;
}

/** One feature of features.json. */
export interface SuiteFeature {
  name: string;
  /** The cases the runner counts: the converted ones, as many times as the reference's harness runs them (harness-runs.ts). */
  cases: number;
  /** The cases features.json lists (the conversion's). */
  converted: number;
  inScope: boolean;
  baselinePassed: number;
}

/** Every feature of the suite, in name order. */
export function suiteFeatures(): SuiteFeature[] {
  const raw = JSON.parse(readFileSync(sharedPath(`${SUITE_DIR}/features.json`), 'utf8')) as Record<
    string,
    { cases: number; in_scope: boolean; baseline_passed: number }
  >;
  return Object.entries(raw)
    .map(([name, f]) => ({
      name,
      cases: hasHarnessRuns(name) ? featureCases(name).length : f.cases,
      converted: f.cases,
      inScope: f.in_scope,
      baselinePassed: f.baseline_passed,
    }))
    .sort((a, b) => (a.name < b.name ? -1 : 1));
}

/** The cases of one feature, in file order, as the reference's harness runs them ({@link harnessCases}). */
export function featureCases(feature: string): SuiteCase[] {
  return harnessCases(feature, JSON.parse(readFileSync(sharedPath(`${SUITE_DIR}/cases/${feature}.json`), 'utf8')) as SuiteCase[]);
}

/** A group: cases with the same keyspaces and setup, run in one fresh database in file order. */
export interface CaseGroup {
  keyspaces: SuiteCase['keyspaces'];
  setup: string[];
  cases: SuiteCase[];
}

/**
 * Groups consecutive cases that share keyspaces and setup. Consecutive only: a later case
 * with the same setup as an earlier group may depend on DML the cases between them ran, so
 * file order is kept.
 */
export function groupCases(cases: readonly SuiteCase[]): CaseGroup[] {
  const groups: CaseGroup[] = [];
  let sig = '';
  for (const c of cases) {
    const s = JSON.stringify(c.keyspaces) + '\u0000' + JSON.stringify(c.setup);
    if (s !== sig || groups.length === 0) {
      groups.push({ keyspaces: c.keyspaces, setup: c.setup, cases: [] });
      sig = s;
    }
    groups[groups.length - 1].cases.push(c);
  }
  return groups;
}

/**
 * The documents of a data file: JSON Lines of staging documents `{k, v}`, stored whole under
 * the key `k` (the key template `%k%`); the groups' setup copies them into their keyspaces.
 */
export function dataFile(file: string): { k: string; v: Value }[] {
  const text = readFileSync(sharedPath(`${SUITE_DIR}/${file}`), 'utf8');
  return text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as { k: string; v: Value });
}
