/**
 * The executor section of the query benchmark (issue 19 §4): full-scan queries and an
 * index-answered COUNT on the generated corpus, run by tokenql and by PostgreSQL 15 (started by
 * the benchmark, bench/support/postgres.ts, no parallel workers) on the same documents, as
 * ratios in one run.
 *
 * PostgreSQL holds the corpus as a plain table `ks(key, type, name, country)` (the document key
 * and the three fields the queries read; a missing field is NULL), loaded with COPY: the
 * strongest form for PostgreSQL (no JSON decoding per row). The token predicate
 * `CONTAINS_TOKEN(name, t)` is written `t = ANY(regexp_split_to_array(name, '\W+'))`: TOKENS
 * with default options splits a string into its runs of word characters, case kept, and so
 * does a split on runs of non-word characters (to_tsvector would stem and lower-case words, a
 * different answer). The counts of both engines are compared; a difference is printed. The
 * token index is a GIN index on that array expression, queried with `@> ARRAY[t]`.
 *
 * Timing: tokenql by `db.query` (parse, plan and run) in wall-clock and CPU time of this process
 * (CPU time counts the garbage collector's helper threads too; no forced GC between runs: a
 * forced full GC made the next runs up to 20× slower, its code and feedback dropped);
 * PostgreSQL by EXPLAIN ANALYZE's Execution Time (server time only) and by psql's `\timing`
 * (the client round trip of the query, over a Unix socket). Each statement runs once untimed,
 * then `runs` times; min / median / max of the runs. A target is judged on tokenql's median
 * wall time over PostgreSQL's median execution time; on a loaded machine the CPU column (which
 * other processes do not inflate) is the steadier of tokenql's two.
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { tokens, parseTokenOptions, type Database, type ObjectValue, type Value } from '../../src/index.js';
import type { Pg } from '../support/postgres.js';
import { scanOperators } from './lookups.js';
import { printTable } from './measure.js';

/** One compared statement: the N1QL, the SQL, the operator its tokenql plan must have, the target. */
export interface PgQuery {
  label: string;
  n1ql: string;
  sql: string;
  /** An operator the tokenql plan must contain (checked with EXPLAIN), e.g. `PrimaryScan3`. */
  plan: string;
  /** `ratio`: tokenql median / PostgreSQL execution median at most `target`; `ms`: tokenql median at most `target` ms. */
  targetKind: 'ratio' | 'ms';
  target: number;
  /** Runs after the token index exists. */
  indexed?: boolean;
}

/** Min / median / max of some runs, in ms. */
export interface Spread {
  min: number;
  median: number;
  max: number;
}

export interface PgResult {
  query: PgQuery;
  planOk: boolean;
  scans: string[];
  wall: Spread;
  cpu: Spread;
  pgExec?: Spread;
  pgRoundTrip?: Spread;
  /** tokenql's answer and PostgreSQL's, as JSON text, when they differ. */
  differs?: string;
}

export function spread(xs: readonly number[]): Spread {
  const s = [...xs].sort((a, b) => a - b);
  return { min: s[0]!, median: s[Math.floor(s.length / 2)]!, max: s[s.length - 1]! };
}

/** The word token of `name` found in the number of documents nearest `share` of them (default TOKENS options). */
export function tokenWithShare(names: readonly Value[], share: number): { token: string; docs: number } {
  const freq = new Map<string, number>();
  const opts = parseTokenOptions({});
  for (const v of names) {
    if (v === undefined) continue;
    for (const t of new Set(tokens(v, opts))) if (typeof t === 'string' && /^\p{L}{2,}$/u.test(t)) freq.set(t, (freq.get(t) ?? 0) + 1);
  }
  const want = share * names.length;
  let best = { token: '', docs: 0 };
  for (const [token, docs] of freq) if (!best.token || Math.abs(docs - want) < Math.abs(best.docs - want)) best = { token, docs };
  return best;
}

/** The statements of the section over keyspace `ks` (table `ks` in PostgreSQL) with search token `t` (letters only). */
export function pgQueries(ks: string, t: string): PgQuery[] {
  const split = `regexp_split_to_array(name, '\\W+')`;
  return [
    { label: 'COUNT … CONTAINS_TOKEN(name, t)', n1ql: `SELECT RAW COUNT(*) FROM ${ks} WHERE CONTAINS_TOKEN(name, '${t}')`, sql: `SELECT COUNT(*) FROM ks WHERE '${t}' = ANY(${split})`, plan: 'PrimaryScan3', targetKind: 'ratio', target: 3 },
    { label: 'COUNT … ANY v IN TOKENS(name) SATISFIES v = t', n1ql: `SELECT RAW COUNT(*) FROM ${ks} WHERE ANY v IN TOKENS(name) SATISFIES v = '${t}' END`, sql: `SELECT COUNT(*) FROM ks WHERE '${t}' = ANY(${split})`, plan: 'PrimaryScan3', targetKind: 'ratio', target: 3 },
    { label: 'GROUP BY country (no index)', n1ql: `SELECT country, COUNT(*) AS n FROM ${ks} GROUP BY country ORDER BY country`, sql: `SELECT country, COUNT(*) AS n FROM ks GROUP BY country ORDER BY country COLLATE "C" NULLS FIRST`, plan: 'InitialGroup', targetKind: 'ratio', target: 3 },
    { label: 'ORDER BY name DESC LIMIT 10 (no index)', n1ql: `SELECT RAW META().id FROM ${ks} ORDER BY name DESC, META().id LIMIT 10`, sql: `SELECT key FROM ks ORDER BY name COLLATE "C" DESC NULLS LAST, key COLLATE "C" LIMIT 10`, plan: 'Order', targetKind: 'ratio', target: 2 },
    { label: 'COUNT over the token index', n1ql: `SELECT RAW COUNT(*) FROM ${ks} WHERE ANY v IN TOKENS(name) SATISFIES v = '${t}' END`, sql: `SELECT COUNT(*) FROM ks WHERE ${split} @> ARRAY['${t}']`, plan: 'IndexCountScan2', targetKind: 'ms', target: 1, indexed: true },
  ];
}

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

async function timeTokenql(db: Database, statement: string, runs: number): Promise<{ wall: Spread; cpu: Spread; answer: Value[] }> {
  let answer = (await db.query(statement)).results;
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c = cpuMs();
    const t = performance.now();
    answer = (await db.query(statement)).results;
    walls.push(performance.now() - t);
    cpus.push(cpuMs() - c);
  }
  return { wall: spread(walls), cpu: spread(cpus), answer };
}

/** A CSV field (RFC 4180 quoting); NULL for a value that is not a string or number. */
function csv(v: Value): string {
  if (typeof v === 'number') return String(v);
  if (typeof v !== 'string') return '';
  return '"' + v.replaceAll('"', '""') + '"';
}

/** Loads the documents into table `ks` of PostgreSQL: key, type, name, country (NULL when not a string). */
export function loadPostgres(pg: Pg, keys: readonly string[], documents: readonly Value[]): void {
  const dir = mkdtempSync(path.join(tmpdir(), 'tokenql-bench-query-'));
  chmodSync(dir, 0o777);
  try {
    const file = path.join(dir, 'ks.csv');
    const lines: string[] = [];
    for (let i = 0; i < documents.length; i++) {
      const d = (documents[i] ?? {}) as ObjectValue;
      lines.push(`${csv(keys[i]!)},${csv(d.type)},${csv(d.name)},${csv(d.country)}`);
    }
    writeFileSync(file, lines.join('\n') + '\n');
    chmodSync(file, 0o644);
    pg.sql('DROP TABLE IF EXISTS ks; CREATE TABLE ks (key text, type text, name text, country text);');
    pg.sql(`COPY ks FROM '${file}' WITH (FORMAT csv)`);
    pg.sql('VACUUM ANALYZE ks;');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** EXPLAIN ANALYZE execution times of `q` (one untimed run first). */
function pgExec(pg: Pg, q: string, runs: number): Spread {
  pg.sql(q);
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) ms.push(Number(/Execution Time: ([\d.]+) ms/.exec(pg.sql(`EXPLAIN ANALYZE ${q}`))![1]));
  return spread(ms);
}

/** psql `\timing` of `q`, `runs` times in one psql session (the client round trip of each). */
function pgRoundTrip(target: Pg, q: string, runs: number): { times: Spread; answer: string } {
  const args = ['-h', target.host, '-p', String(target.port), '-U', 'postgres', '-At', '-c', '\\timing on'];
  for (let i = 0; i < runs; i++) args.push('-c', q);
  const out = execFileSync('psql', args, { encoding: 'utf8', maxBuffer: 1 << 26 });
  const times = [...out.matchAll(/^Time: ([\d.]+) ms/gm)].map((m) => Number(m[1]));
  const answer = out.split(/^Time: .*$/m)[0]!.replace(/^Timing is on\.\n/, '').trim();
  return { times: spread(times), answer };
}

/** tokenql's answer in psql's unaligned form (`a|b` per row, one row a line), to compare with PostgreSQL's. */
function asPsql(rows: Value[]): string {
  return rows
    .map((r) => (r !== null && typeof r === 'object' && !Array.isArray(r) ? Object.values(r).map((v) => (v === null || v === undefined ? '' : String(v))).join('|') : String(r)))
    .join('\n');
}

/**
 * Runs the section: the full-scan statements on keyspace `ks` (which must have no index but a
 * primary one), then creates the token index `ix_name_tokens` on both sides and runs the
 * indexed ones.
 */
export async function measurePg(db: Database, ks: string, pg: Pg | undefined, queries: readonly PgQuery[], runs: number, log: (s: string) => void): Promise<PgResult[]> {
  const out: PgResult[] = [];
  let indexed = false;
  for (const q of queries) {
    if (q.indexed && !indexed) {
      log(`creating the token index on ${ks} and in PostgreSQL`);
      await db.query(`CREATE INDEX ix_name_tokens ON ${ks}(DISTINCT ARRAY v FOR v IN TOKENS(name) END)`);
      pg?.sql(`CREATE INDEX ix_name_tokens ON ks USING gin ((regexp_split_to_array(name, '\\W+')))`);
      pg?.sql('VACUUM ANALYZE ks');
      indexed = true;
    }
    log(q.label);
    const scans = scanOperators(await db.explain(q.n1ql));
    const planText = JSON.stringify(await db.explain(q.n1ql));
    const planOk = planText.includes(`"${q.plan}"`);
    const t = await timeTokenql(db, q.n1ql, runs);
    const r: PgResult = { query: q, planOk, scans, wall: t.wall, cpu: t.cpu };
    if (pg) {
      r.pgExec = pgExec(pg, q.sql, runs);
      const rt = pgRoundTrip(pg, q.sql, runs);
      r.pgRoundTrip = rt.times;
      const mine = asPsql(t.answer);
      if (mine !== rt.answer) r.differs = `tokenql ${JSON.stringify(mine.slice(0, 200))}, PostgreSQL ${JSON.stringify(rt.answer.slice(0, 200))}`;
    }
    out.push(r);
  }
  return out;
}

const f = (ms: number): string => (ms < 10 ? ms.toFixed(3) : ms < 100 ? ms.toFixed(1) : Math.round(ms).toLocaleString('en-US'));
const fs3 = (s: Spread | undefined): string => (s ? `${f(s.min)} / ${f(s.median)} / ${f(s.max)}` : '—');
const ratio = (a: number, b: number | undefined): string => (b === undefined || b <= 0 ? '—' : `${(a / b).toFixed(2)}×`);

/** Prints the section's table and returns its verdicts (one per statement: target, plan and answer). */
export function printPg(results: readonly PgResult[], heading: string): string[] {
  console.log(`\n${heading}`);
  printTable(
    ['statement', 'plan', 'tokenql wall min/med/max ms', 'CPU med', 'PG exec min/med/max ms', 'PG round trip min/med/max ms', 'wall/PG exec', 'CPU/PG exec', 'wall/PG round trip', 'target'],
    results.map((r) => [
      r.query.label,
      (r.scans.join(' + ') || 'no scan') + (r.planOk ? '' : `  (no ${r.query.plan})`),
      fs3(r.wall),
      f(r.cpu.median),
      fs3(r.pgExec),
      fs3(r.pgRoundTrip),
      ratio(r.wall.median, r.pgExec?.median),
      ratio(r.cpu.median, r.pgExec?.median),
      ratio(r.wall.median, r.pgRoundTrip?.median),
      r.query.targetKind === 'ratio' ? `≤ ${r.query.target}× PG exec` : `≤ ${r.query.target} ms`,
    ]),
    [false, false, true, true, true, true, true, true, true, false],
  );
  const verdicts: string[] = [];
  for (const r of results) {
    const got = r.query.targetKind === 'ms' ? r.wall.median : r.pgExec ? r.wall.median / r.pgExec.median : undefined;
    const shown = got === undefined ? '—' : r.query.targetKind === 'ms' ? `${f(got)} ms` : `${got.toFixed(2)}×`;
    const want = r.query.targetKind === 'ms' ? `≤ ${r.query.target} ms` : `≤ ${r.query.target}× PostgreSQL`;
    verdicts.push(`${r.query.label}: ${want}: ${shown} ${got === undefined ? 'SKIP (no PostgreSQL)' : got <= r.query.target ? 'PASS' : 'FAIL'}`);
    if (!r.planOk) verdicts.push(`${r.query.label}: plan has ${r.query.plan}: FAIL (${r.scans.join(' + ')})`);
    if (r.differs) verdicts.push(`${r.query.label}: same answer as PostgreSQL: NO (${r.differs})`);
  }
  return verdicts;
}
