import type { SuiteCase } from './suite.js';

/**
 * Case files the reference's own harness runs more than once, each time around other indexes,
 * as the conversion did not capture (it kept one run). Source: couchbase/query
 * test/gsi/test_cases/indexga/indexga_test.go (`run_test`, `buildtestcase`, `run_testcase`):
 * after inserting its documents, it runs each case file once per index "in turn" (CREATE INDEX,
 * the file's cases, DROP INDEX), some with another index created around all the runs; results
 * are compared every run, the EXPLAIN check only when the index in turn is not the primary
 * index (and the statement not prepared: prepared runs are not converted).
 *
 * A run here is a group of its own: the converted setup without the index statements the
 * conversion took from the Go test's sequence, then the `around` indexes and the index in turn (the cases only read, so a
 * fresh database per run is the Go test's sequence of CREATE / cases / DROP). Its case ids say
 * the index in turn: `gsi/indexga/case_indexga_regular.json#0@ixgar100`.
 */
interface HarnessRuns {
  /** The case-id prefix of the feature's files (`gsi/indexga/`). */
  prefix: string;
  /** The index statements the conversion put in the setup from one run (left out: each run makes its own). */
  convertedIndexes: RegExp;
  /** CREATE INDEX statements by index name, as the Go test's `indexes` list spells them. */
  indexes: Record<string, string>;
  /** The primary index's name (its runs skip the EXPLAIN check). */
  primary: string;
  /** Per case file: indexes created around all its runs, and the indexes in turn. */
  files: Record<string, { around?: string[]; each: string[] }>;
}

const INDEXGA: HarnessRuns = {
  prefix: 'gsi/indexga/',
  convertedIndexes: /^\s*(CREATE\s+(PRIMARY\s+)?INDEX|DROP\s+INDEX)\b/i,
  indexes: {
    oprimary: 'CREATE PRIMARY INDEX oprimary ON orders',
    ixgar100: "CREATE INDEX ixgar100 ON orders(c0,c1,c2,c3,c4) WHERE test_id = 'indexga' AND type = 'numeric'",
    ixgap100: "CREATE INDEX ixgap100 ON orders(c0,c1,c2,c3,c4) PARTITION BY HASH(c0) WHERE test_id = 'indexga' AND type = 'numeric'",
    ixgatp: "CREATE INDEX ixgatp ON orders(c0,c1,c2,c3,c4) PARTITION BY HASH(c4) WHERE test_id = 'indexga' AND type = 'numeric'",
    ixgar101: "CREATE INDEX ixgar101 ON orders(c1,c0) WHERE test_id = 'indexga' AND type = 'numeric'",
    ixgar102: "CREATE INDEX ixgar102 ON orders(c10) WHERE test_id = 'indexga' AND type = 'numeric'",
    ixga201: "CREATE INDEX ixga201 ON orders(c1, a1, c2, c3) WHERE test_id = 'indexga' AND type = 'bugs'",
    ixga202: "CREATE INDEX ixga202 ON orders(c10, DISTINCT a1) WHERE test_id = 'indexga' AND type = 'bugs'",
    ixga203: "CREATE INDEX ixga203 ON orders(c3, abs(c3)) WHERE test_id = 'indexga' AND type = 'bugs'",
    ixga204: "CREATE INDEX ixga204 ON orders(abs(c3)) WHERE test_id = 'indexga' AND type = 'bugs'",
  },
  primary: 'oprimary',
  files: {
    'case_indexga_regular.json': { each: ['oprimary', 'ixgar100', 'ixgap100', 'ixgatp'] },
    'case_indexga_regular_noncoverd.json': { each: ['oprimary', 'ixgar100', 'ixgap100', 'ixgatp'] },
    'case_indexga_regular_or.json': { each: ['oprimary', 'ixgar100', 'ixgap100', 'ixgatp'] },
    'case_indexga_primary.json': { each: ['oprimary'] },
    'case_indexga_unionscan.json': { around: ['ixgar101'], each: ['ixgar100', 'ixgap100', 'ixgatp'] },
    'case_indexga_intersectscan.json': { around: ['ixgar102'], each: ['ixgar100', 'ixgap100', 'ixgatp'] },
    // The suite's commit (3582af6c) creates ixga201 to ixga204 for this file's one run (the
    // conversion's setup shows them; the public indexga_test.go at 040582c8 lists ixga201 only).
    'case_indexga_bugs.json': { around: ['ixga202', 'ixga203', 'ixga204'], each: ['ixga201'] },
  },
};

const RUNS: Record<string, HarnessRuns> = { 'gsi-indexga': INDEXGA };

/** The case file of a case id (`case_indexga_regular.json` of `gsi/indexga/case_indexga_regular.json#3`). */
const caseFile = (id: string, prefix: string): string => id.slice(prefix.length).replace(/#.*$/, '');

/**
 * The cases of a feature as the reference's harness runs them: for a feature of {@link RUNS},
 * each listed case file's cases once per index in turn (file order, then the indexes' order),
 * with that run's setup, an `@index` suffix on the id and no `explain_check` on the primary
 * index's run; cases of files not listed are kept as converted. Other features: unchanged.
 */
export function harnessCases(feature: string, cases: readonly SuiteCase[]): SuiteCase[] {
  const runs = RUNS[feature];
  if (!runs) return [...cases];
  const out: SuiteCase[] = [];
  const byFile = new Map<string, SuiteCase[]>();
  for (const c of cases) {
    const f = caseFile(c.id, runs.prefix);
    if (!runs.files[f]) {
      out.push(c);
      continue;
    }
    if (!byFile.has(f)) byFile.set(f, []);
    byFile.get(f)!.push(c);
  }
  const expanded: SuiteCase[] = [];
  for (const [f, fileCases] of byFile) {
    const { around = [], each } = runs.files[f]!;
    for (const index of each) {
      for (const c of fileCases) {
        const base = c.setup.filter((s) => !runs.convertedIndexes.test(s));
        const setup = [...base, ...around.map((n) => runs.indexes[n]!), runs.indexes[index]!];
        const run: SuiteCase = { ...c, id: `${c.id}@${index}`, setup };
        if (index === runs.primary) delete run.explain_check;
        expanded.push(run);
      }
    }
  }
  // The listed files' runs first (the Go test's TestGroupagg), then any other file as converted.
  return [...expanded, ...out];
}

/** Whether {@link harnessCases} runs the feature's cases other than as converted. */
export const hasHarnessRuns = (feature: string): boolean => feature in RUNS;
