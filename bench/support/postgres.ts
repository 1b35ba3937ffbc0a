/**
 * A throwaway PostgreSQL for the benchmarks that compare with it (bench:join, bench:window):
 * the private cluster of test/support/postgres.ts (initdb + pg_ctl in a temporary directory on a
 * free loopback port, as the `postgres` user when run as root), with no parallel workers and
 * larger buffers; `sql` runs one statement through psql and returns its unaligned output.
 * `startPostgres` resolves to undefined when PostgreSQL is not installed.
 */
import { startCluster } from '../../test/support/postgres.js';

export interface Pg {
  sql(statement: string): string;
  /** The socket directory and port, for a psql of the caller's own. */
  host: string;
  port: number;
  stop(): void;
}

/** Starts a throwaway PostgreSQL (initdb + pg_ctl) on a free port, or undefined when it cannot. */
export async function startPostgres(): Promise<Pg | undefined> {
  const cluster = await startCluster(['max_parallel_workers_per_gather=0', 'shared_buffers=256MB', 'work_mem=256MB'], 'tokenql-bench-pg-');
  if (!cluster) return undefined;
  return { sql: (statement) => cluster.sql(statement), host: cluster.host, port: cluster.port, stop: () => cluster.stop() };
}

/** EXPLAIN ANALYZE's execution time of `q` in ms, the median of `runs` runs (server time, no psql overhead). */
export function pgExecutionMs(pg: Pg, q: string, runs: number): number {
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const out = pg.sql(`EXPLAIN ANALYZE ${q}`);
    ms.push(Number(/Execution Time: ([\d.]+) ms/.exec(out)![1]));
  }
  ms.sort((a, b) => a - b);
  return ms[Math.floor(ms.length / 2)]!;
}
