/**
 * What the PostgreSQL benchmark runs on a store, shared by the store runs (store-run.ts) and the
 * query nodes (query-node.ts): the keyspace, the token index, the statements, and the clocks
 * (wall, this process's CPU, the PostgreSQL server's CPU).
 */
import type { Database, Value } from '../../src/index.js';
import { fullGc } from '../query/measure.js';
import { serverCpuMs } from './server-cpu.js';

export const KEYSPACE = 'corpus';
export const INDEX = 'ix_name_tokens';
/** The token index on TOKENS(name), default options: the form the planner serves CONTAINS_TOKEN and ANY … SATISFIES from. */
export const CREATE_INDEX = `CREATE INDEX ${INDEX} ON ${KEYSPACE}(DISTINCT ARRAY v FOR v IN TOKENS(name) END)`;
export const DROP_INDEX = `DROP INDEX ${INDEX} ON ${KEYSPACE}`;

/** An indexed lookup by token `$t`. */
export interface Lookup {
  label: string;
  statement: string;
  /** The statement EXPLAIN shows (the prepared one for an EXECUTE). */
  explained: string;
  /** A PREPARE to run once before the lookups. */
  prepare?: string;
}

const CONTAINS_TOKEN = `SELECT META().id FROM ${KEYSPACE} WHERE CONTAINS_TOKEN(name, $t)`;
const ANY_SATISFIES = `SELECT META().id FROM ${KEYSPACE} WHERE ANY v IN TOKENS(name) SATISFIES v = $t END`;

/**
 * The lookups: both forms the planner serves from the token index, and the first prepared
 * (EXECUTE skips parsing and planning: what is left is the scan, the Fetch and the projection).
 */
export const LOOKUPS: readonly Lookup[] = [
  { label: 'CONTAINS_TOKEN(name, $t)', statement: CONTAINS_TOKEN, explained: CONTAINS_TOKEN },
  { label: 'ANY v IN TOKENS(name) SATISFIES v = $t', statement: ANY_SATISFIES, explained: ANY_SATISFIES },
  { label: 'EXECUTE (prepared CONTAINS_TOKEN)', statement: 'EXECUTE lookup_contains_token', explained: CONTAINS_TOKEN, prepare: `PREPARE lookup_contains_token FROM ${CONTAINS_TOKEN}` },
];

/** A full-scan statement (run before the token index exists). */
export interface FullScan {
  label: string;
  statement: string;
}

export function fullScans(token: string): FullScan[] {
  return [
    { label: `COUNT … CONTAINS_TOKEN(name, '${token}')`, statement: `SELECT RAW COUNT(*) FROM ${KEYSPACE} WHERE CONTAINS_TOKEN(name, '${token}')` },
    { label: 'GROUP BY country COUNT', statement: `SELECT country, COUNT(*) AS n FROM ${KEYSPACE} GROUP BY country ORDER BY country` },
  ];
}

/** Wall, CPU and PostgreSQL server CPU readings, in ms. */
export interface Reading {
  wall: number;
  cpu: number;
  server: number;
}

/** A stopwatch of the three clocks; `dataDir` undefined: no server CPU (the memory store). */
export function stopwatch(dataDir: string | undefined): () => Reading {
  const cpu = (): number => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  const server = (): number => (dataDir ? serverCpuMs(dataDir) : 0);
  // The server is read outside the wall and CPU readings (reading /proc takes a millisecond or so).
  const s0 = server();
  const c0 = cpu();
  const w0 = performance.now();
  return () => {
    const wall = performance.now() - w0;
    const c = cpu() - c0;
    return { wall, cpu: c, server: server() - s0 };
  };
}

/** RSS and heapUsed after a full GC, bytes. */
export interface Memory {
  rss: number;
  heapUsed: number;
}

export function memory(): Memory {
  fullGc();
  const m = process.memoryUsage();
  return { rss: m.rss, heapUsed: m.heapUsed };
}

/** `"<operator> <index>"` for each scan operator of a plan, and whether the plan fetches documents. */
export function planSummary(plan: Value): { scans: string[]; fetch: boolean } {
  const scans: string[] = [];
  let fetch = false;
  const walk = (v: Value): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v !== null && typeof v === 'object') {
      const op = v['#operator'];
      if (op === 'Fetch') fetch = true;
      if (typeof op === 'string' && op.includes('Scan')) scans.push(typeof v.index === 'string' ? `${op} ${v.index}` : op);
      Object.values(v).forEach(walk);
    }
  };
  walk(plan);
  return { scans, fetch };
}

/** The sorted META().id values of a lookup's rows, one per line. */
export function idsOf(rows: readonly Value[]): string {
  return rows
    .map((r) => String((r as { id: Value }).id))
    .sort()
    .join('\n');
}

/** Runs one lookup; its rows. */
export async function lookup(db: Database, l: Lookup, token: string): Promise<Value[]> {
  return (await db.query(l.statement, { params: { t: token } })).results;
}
