/**
 * A private PostgreSQL cluster for tests (and, through bench/support/postgres.ts, benchmarks):
 * `initdb` into a temporary directory, `pg_ctl start` on a free loopback port with the socket
 * directory inside the temporary directory, run as the `postgres` user (via `runuser`) when the
 * process is root (CI runs as root; PostgreSQL refuses to run as root). The binaries are taken
 * from PATH, else from Debian's /usr/lib/postgresql/<version>/bin (not on PATH there).
 *
 * Tests: `startTestPostgres()` in `beforeAll`, `stop()` in `afterAll`; a test file may make a
 * fresh database on the cluster with `createDatabase`. When PostgreSQL is not installed it
 * resolves to undefined after printing why (the tests then skip), except in CI
 * (`process.env.CI` set), where CI installs it and its absence is a failure.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A running private cluster. */
export interface PgCluster {
  /** The directory holding the data directory, the socket and the log. */
  dir: string;
  /** The socket directory (`host` of a connection) and the TCP port on 127.0.0.1. */
  host: string;
  port: number;
  /** Directory of the PostgreSQL binaries (psql is looked up there first). */
  bin: string;
  /** A connection URL for database `database` as the superuser `postgres` over TCP. */
  url(database?: string): string;
  /** Runs one statement through psql against `database` (default `postgres`) and returns its unaligned output. */
  sql(statement: string, database?: string): string;
  /** Stops the cluster (fast shutdown) and deletes its directory. */
  stop(): void;
}

/** Directory of `initdb` and `pg_ctl`: PATH first, then Debian's versioned directories (newest first); undefined when none. */
export function findPostgresBin(): string | undefined {
  const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  if (which.status === 0 && which.stdout.trim()) {
    const dir = path.dirname(which.stdout.trim());
    if (existsSync(path.join(dir, 'pg_ctl'))) return dir;
  }
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(root, versions[0]!, 'bin') : undefined;
}

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/**
 * Starts a private cluster, or resolves to undefined when PostgreSQL is not installed.
 * @param settings extra `-c name=value` server settings (e.g. `shared_buffers=256MB`)
 * @param prefix name prefix of the temporary directory
 */
export async function startCluster(settings: string[] = [], prefix = 'tokenql-pg-'): Promise<PgCluster | undefined> {
  const bin = findPostgresBin();
  if (!bin) return undefined;
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  chmodSync(dir, 0o777);
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) => {
    const exe = path.join(bin, cmd);
    return asRoot ? execFileSync('runuser', ['-u', 'postgres', '--', exe, ...args], { stdio: 'pipe' }) : execFileSync(exe, args, { stdio: 'pipe' });
  };
  const data = path.join(dir, 'data');
  const port = await freePort();
  const opts = [`-p ${port}`, `-k ${dir}`, '-c listen_addresses=127.0.0.1', ...settings.map((s) => `-c ${s}`)].join(' ');
  try {
    run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-locale']);
    run('pg_ctl', ['-D', data, '-o', opts, '-l', path.join(dir, 'log'), '-w', 'start']);
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
  const psql = existsSync(path.join(bin, 'psql')) ? path.join(bin, 'psql') : 'psql';
  let stopped = false;
  return {
    dir,
    host: dir,
    port,
    bin,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    sql: (statement, database = 'postgres') =>
      execFileSync(psql, ['-h', dir, '-p', String(port), '-U', 'postgres', '-d', database, '-At', '-v', 'ON_ERROR_STOP=1', '-c', statement], { encoding: 'utf8', maxBuffer: 1 << 26 }),
    stop: () => {
      if (stopped) return;
      stopped = true;
      try {
        run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** What a test gets: the URL of a fresh database on a private cluster, and how to stop it. */
export interface TestPostgres {
  url: string;
  /** The cluster (for a second fresh database: `createDatabase(pg.cluster)`). */
  cluster: PgCluster;
  stop(): Promise<void>;
}

let counter = 0;

/** Creates a fresh, empty database on `cluster` and returns its URL. */
export function createDatabase(cluster: PgCluster): string {
  const name = `t${process.pid}_${++counter}`;
  cluster.sql(`CREATE DATABASE ${name}`);
  return cluster.url(name);
}

/**
 * Starts a private cluster with a fresh database for a test file. Resolves to undefined (after
 * printing the reason) when PostgreSQL is not installed; in CI (`process.env.CI`) that throws.
 */
export async function startTestPostgres(): Promise<TestPostgres | undefined> {
  const cluster = await startCluster(['fsync=off', 'synchronous_commit=off', 'full_page_writes=off', 'max_connections=50'], 'tokenql-test-pg-');
  if (!cluster) {
    const why = 'PostgreSQL is not installed (no initdb on PATH or in /usr/lib/postgresql/*/bin): the PostgreSQL store tests are skipped';
    if (process.env.CI) throw new Error(`${why.split(':')[0]}, but CI installs it (.ci/run): failing`);
    console.warn(`tokenql tests: ${why}`);
    return undefined;
  }
  return { url: createDatabase(cluster), cluster, stop: async () => cluster.stop() };
}
