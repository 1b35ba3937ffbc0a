/**
 * Index-vs-scan scenarios and their runner. A scenario is a N1QL script: the INSERTs of the
 * documents, then mutations (INSERT/UPSERT/UPDATE/DELETE) with the CREATE INDEX statements
 * interleaved (some indexes are built over existing documents, others maintained by later
 * writes), then the queries. Database A runs the whole script; database B skips the CREATE
 * INDEX statements. Every statement must have the same outcome on both.
 *
 *   scenario(8) → { steps: [{ kind: 'write', statement: 'INSERT INTO ks …' }, { kind: 'index', … }, { kind: 'query', statement, ordered }] }
 */
import fc from 'fast-check';
import { Database, type Value } from '../index.js';
import { outcome, sameOutcome, showOutcome } from './compare.js';
import { doc, FIELD_PATHS, KEYSPACE, literal, setValue } from './documents.js';
import { defaultIndexDefs, type IndexDef } from './indexes.js';
import { poolOf, type Pool } from './pool.js';
import { predicates, type Query } from './predicates.js';
import { CounterexampleError, insertStatement, renderScript, withScript } from './script.js';

/** One statement of a scenario. */
export type Step =
  | { kind: 'index'; statement: string }
  | { kind: 'write'; statement: string }
  | { kind: 'query'; statement: string; ordered: boolean };

/** A scenario: statements in order. */
export interface Scenario {
  steps: Step[];
}

/** The scenario as a script to paste into `tokenql shell`. */
export function scriptOf(s: Scenario): string {
  const title = 'index-vs-scan: database A runs every statement, database B all but CREATE INDEX (A only)';
  return renderScript(title, [KEYSPACE], s.steps.map((st) => ({ statement: st.statement, comment: st.kind === 'index' ? 'A only' : undefined })));
}

/** Random writes on the default documents: INSERT/UPSERT, UPDATE … SET/UNSET, DELETE by key or WHERE. */
export function writes(pool: Pool, indexes: IndexDef[], keyCount: number): fc.Arbitrary<string> {
  const { where } = predicates(pool, indexes);
  const key = fc.integer({ min: 0, max: keyCount + 2 }).map((i) => `k${i}`);
  const field = fc.constantFrom(...FIELD_PATHS);
  const set = field.chain((f) => setValue(f).map((v) => `${f} = ${literal(v)}`));
  return fc.oneof(
    fc.tuple(key, doc, fc.constantFrom('INSERT', 'UPSERT') as fc.Arbitrary<'INSERT' | 'UPSERT'>).map(([k, d, verb]) => insertStatement(KEYSPACE, k, d, verb)),
    fc.tuple(set, where).map(([s, w]) => `UPDATE ${KEYSPACE} SET ${s} WHERE ${w}`),
    fc.tuple(key, set).map(([k, s]) => `UPDATE ${KEYSPACE} USE KEYS ${literal(k)} SET ${s}`),
    fc.tuple(field, where).map(([f, w]) => `UPDATE ${KEYSPACE} UNSET ${f} WHERE ${w}`),
    where.map((w) => `DELETE FROM ${KEYSPACE} WHERE ${w}`),
    key.map((k) => `DELETE FROM ${KEYSPACE} USE KEYS ${literal(k)}`),
  );
}

/** A scenario with `queries` queries at the end (plus a final read of the whole keyspace). */
export function scenario(queries: number, indexes: fc.Arbitrary<IndexDef[]> = defaultIndexDefs): fc.Arbitrary<Scenario> {
  return fc.record({ docs: fc.array(doc, { minLength: 2, maxLength: 10 }), indexes }).chain(({ docs, indexes: ixs }) => {
    const pool = poolOf(docs);
    return fc
      .record({
        writes: fc.array(writes(pool, ixs, docs.length), { maxLength: 6 }),
        positions: fc.array(fc.nat({ max: 6 }), { minLength: ixs.length, maxLength: ixs.length }),
        queries: fc.array(predicates(pool, ixs).query, { minLength: queries, maxLength: queries }),
      })
      .map(({ writes: ws, positions, queries: qs }) => build(docs, ixs, ws, positions, qs));
  });
}

function build(docs: Value[], indexes: IndexDef[], ws: string[], positions: number[], qs: Query[]): Scenario {
  const steps: Step[] = docs.map((d, i) => ({ kind: 'write', statement: insertStatement(KEYSPACE, `k${i}`, d) }));
  for (let p = 0; p <= ws.length; p++) {
    indexes.forEach((ix, i) => {
      if (Math.min(positions[i], ws.length) === p) steps.push({ kind: 'index', statement: ix.statement });
    });
    if (p < ws.length) steps.push({ kind: 'write', statement: ws[p] });
  }
  for (const q of qs) steps.push({ kind: 'query', statement: q.statement, ordered: q.ordered });
  steps.push({ kind: 'query', statement: `SELECT META().id AS id, * FROM ${KEYSPACE}`, ordered: false });
  return withScript<Scenario>({ steps }, scriptOf);
}

/** Counters across runs. */
export interface Stats {
  queries: number;
  writes: number;
}

/**
 * Runs a scenario on A (with indexes) and B (without); throws a {@link CounterexampleError} at
 * the first statement whose outcome differs, with both outcomes, A's plan and the script.
 * `openA` opens A, a fresh, empty database (default: a memory database; the store-kind suites
 * open one on each store); B is always a memory database, so each run checks A's store and its
 * indexes against a plain in-memory full scan. Both are closed at the end.
 */
export async function runScenario(s: Scenario, stats?: Stats, openA: () => Promise<Database> = () => Database.open()): Promise<void> {
  const a = await openA();
  const b = await Database.open();
  try {
    await a.createKeyspace(KEYSPACE);
    await b.createKeyspace(KEYSPACE);
    for (const st of s.steps) {
      if (st.kind === 'index') {
        await a.query(st.statement);
        continue;
      }
      const [oa, ob] = [await outcome(a, st.statement), await outcome(b, st.statement)];
      if (!sameOutcome(oa, ob, st.kind === 'query' && st.ordered)) {
        const plan = await a.explain(st.statement).then((p) => JSON.stringify(p), (e: unknown) => String(e));
        const message = `index and scan disagree on\n  ${st.statement}\nA (indexes): ${showOutcome(oa)}\nB (no index): ${showOutcome(ob)}\nplan of A: ${plan.slice(0, 2000)}`;
        throw new CounterexampleError(message, scriptOf(s));
      }
      if (stats && st.kind === 'query') stats.queries++;
      else if (stats) stats.writes++;
    }
  } finally {
    await a.close();
    await b.close();
  }
}
