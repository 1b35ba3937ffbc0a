import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Test files that take minutes (the reference suite on each store kind, the PostgreSQL
 * properties), started first: begun last, one of them would run on alone at the end.
 */
const SLOW_FIRST = [
  'test/conformance/reference-suite/reference-suite-postgres.test.ts',
  'test/conformance/reference-suite/reference-suite-file.test.ts',
  'test/conformance/reference-suite/reference-suite-memory.test.ts',
  'test/storage/postgres/index-vs-scan.test.ts',
  'test/property/index-vs-scan.property.test.ts',
];

/** vitest's order (after a first run: the slowest first, from its cache), with {@link SLOW_FIRST} ahead. */
class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = SLOW_FIRST.findIndex((p) => f.moduleId.endsWith(p));
      return i < 0 ? SLOW_FIRST.length : i;
    };
    return sorted.map((f, i) => ({ f, i })).sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i).map(({ f }) => f);
  }
}

/**
 * The test runner's settings (docs/testing.md "Test speed"). Two test files at a time: vitest's
 * default on a machine of 2 cores is one (cores − 1), which leaves a core idle whenever a file
 * waits on PostgreSQL, a child process or a browser. Every file runs in a process of its own
 * (forks), so two never share a PostgreSQL cluster, a directory or a port (each takes free ones).
 */
export default defineConfig({
  test: {
    maxWorkers: Number(process.env.TOKENQL_TEST_WORKERS ?? 2),
    exclude: [...configDefaults.exclude, 'dist/**'],
    sequence: { sequencer: SlowFirst },
  },
});
