/**
 * A throwaway PostgreSQL for the benchmarks that compare with it (bench:join, bench:window):
 * initdb + pg_ctl in a temporary directory on a free loopback port, as the `postgres` user when
 * run as root, with no parallel workers; `sql` runs one statement through psql and returns its
 * unaligned output. `startPostgres` resolves to undefined when PostgreSQL is not installed.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface Pg {
  sql(statement: string): string;
  /** The socket directory and port, for a psql of the caller's own. */
  host: string;
  port: number;
  stop(): void;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** Starts a throwaway PostgreSQL (initdb + pg_ctl) on a free port, or undefined when it cannot. */
export async function startPostgres(): Promise<Pg | undefined> {
  if (spawnSync('initdb', ['--version']).status !== 0) return undefined;
  const dir = mkdtempSync(path.join(tmpdir(), 'tokenql-bench-pg-'));
  chmodSync(dir, 0o777);
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) => (asRoot ? execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: 'pipe' }) : execFileSync(cmd, args, { stdio: 'pipe' }));
  const data = path.join(dir, 'data');
  const port = await freePort();
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres']);
  run('pg_ctl', ['-D', data, '-o', `-p ${port} -k ${dir} -c max_parallel_workers_per_gather=0 -c shared_buffers=256MB -c work_mem=256MB`, '-l', path.join(dir, 'log'), '-w', 'start']);
  const sql = (statement: string) => execFileSync('psql', ['-h', dir, '-p', String(port), '-U', 'postgres', '-At', '-c', statement], { encoding: 'utf8', maxBuffer: 1 << 26 });
  return {
    sql,
    host: dir,
    port,
    stop: () => {
      try {
        run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
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
