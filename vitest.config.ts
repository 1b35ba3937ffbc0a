import { configDefaults, defineConfig } from 'vitest/config';

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
  },
});
