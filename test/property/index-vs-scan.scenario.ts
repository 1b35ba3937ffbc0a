/**
 * Scenarios of the index-vs-scan property, and their runner. A scenario is a N1QL script: the
 * INSERTs of the documents, then mutations (INSERT/UPSERT/UPDATE/DELETE) with the CREATE INDEX
 * statements interleaved (so some indexes are built over existing documents and others are
 * maintained by later writes), then the queries. Database A runs the whole script; database B
 * skips the CREATE INDEX statements. Every statement must have the same outcome on both.
 * fast-check prints a failing scenario as that script (`fc.toStringMethod`).
 */
import fc from 'fast-check';
import { Database, QueryError, type Value } from '../../src/index.js';
import { canonical, sameRows } from '../support/compare.js';
import { doc, FIELD_PATHS, KEYSPACE, literal, poolOf, setValue, type Pool } from './index-vs-scan.docs.js';
import { indexDefs, type IndexDef } from './index-vs-scan.indexes.js';
import { predicates, type Query } from './index-vs-scan.predicates.js';

export type Step =
  | { kind: 'index'; statement: string }
  | { kind: 'write'; statement: string }
  | { kind: 'query'; statement: string; ordered: boolean };

export interface Scenario {
  steps: Step[];
}

/** The scenario as a script to paste into `tokenql shell`. */
export function scriptOf(s: Scenario): string {
  const lines = ['-- index-vs-scan: database A runs every statement, database B all but CREATE INDEX'];
  for (const st of s.steps) lines.push(`${st.statement};${st.kind === 'index' ? '   -- A only' : ''}`);
  return lines.join('\n');
}

const insertDoc = (key: string, d: Value, verb = 'INSERT'): string => `${verb} INTO ${KEYSPACE} (KEY, VALUE) VALUES (${literal(key)}, ${literal(d)})`;

function writes(pool: Pool, indexes: IndexDef[], keyCount: number): fc.Arbitrary<string> {
  const { where } = predicates(pool, indexes);
  const key = fc.integer({ min: 0, max: keyCount + 2 }).map((i) => `k${i}`);
  const field = fc.constantFrom(...FIELD_PATHS);
  const set = field.chain((f) => setValue(f).map((v) => `${f} = ${literal(v)}`));
  return fc.oneof(
    fc.tuple(key, doc, fc.constantFrom('INSERT', 'UPSERT')).map(([k, d, verb]) => insertDoc(k, d, verb)),
    fc.tuple(set, where).map(([s, w]) => `UPDATE ${KEYSPACE} SET ${s} WHERE ${w}`),
    fc.tuple(key, set).map(([k, s]) => `UPDATE ${KEYSPACE} USE KEYS ${literal(k)} SET ${s}`),
    fc.tuple(field, where).map(([f, w]) => `UPDATE ${KEYSPACE} UNSET ${f} WHERE ${w}`),
    where.map((w) => `DELETE FROM ${KEYSPACE} WHERE ${w}`),
    key.map((k) => `DELETE FROM ${KEYSPACE} USE KEYS ${literal(k)}`),
  );
}

/** A scenario with `queries` queries at the end (plus a final read of the whole keyspace). */
export function scenario(queries: number): fc.Arbitrary<Scenario> {
  return fc
    .record({ docs: fc.array(doc, { minLength: 2, maxLength: 10 }), indexes: indexDefs })
    .chain(({ docs, indexes }) => {
      const pool = poolOf(docs);
      return fc
        .record({
          writes: fc.array(writes(pool, indexes, docs.length), { maxLength: 6 }),
          positions: fc.array(fc.nat({ max: 6 }), { minLength: indexes.length, maxLength: indexes.length }),
          queries: fc.array(predicates(pool, indexes).query, { minLength: queries, maxLength: queries }),
        })
        .map(({ writes: ws, positions, queries: qs }) => build(docs, indexes, ws, positions, qs));
    });
}

function build(docs: Value[], indexes: IndexDef[], ws: string[], positions: number[], qs: Query[]): Scenario {
  const steps: Step[] = docs.map((d, i) => ({ kind: 'write', statement: insertDoc(`k${i}`, d) }));
  for (let p = 0; p <= ws.length; p++) {
    indexes.forEach((ix, i) => {
      if (Math.min(positions[i], ws.length) === p) steps.push({ kind: 'index', statement: ix.statement });
    });
    if (p < ws.length) steps.push({ kind: 'write', statement: ws[p] });
  }
  for (const q of qs) steps.push({ kind: 'query', statement: q.statement, ordered: q.ordered });
  steps.push({ kind: 'query', statement: `SELECT META().id AS id, * FROM ${KEYSPACE}`, ordered: false });
  const s: Scenario = { steps };
  return Object.assign(s, { [fc.toStringMethod]: () => scriptOf(s) });
}

interface Outcome {
  rows?: Value[];
  mutations?: number;
  error?: number;
}

async function outcome(db: Database, statement: string): Promise<Outcome> {
  try {
    const r = await db.query(statement);
    return { rows: r.results, mutations: r.metrics.mutationCount };
  } catch (err) {
    if (err instanceof QueryError) return { error: err.code };
    throw err;
  }
}

const show = (o: Outcome): string =>
  o.error !== undefined ? `error ${o.error}` : `${o.rows!.length} rows, ${o.mutations ?? 0} mutations:\n    ${o.rows!.slice(0, 12).map(canonical).join('\n    ')}`;

/** Counters across runs. */
export interface Stats {
  queries: number;
  writes: number;
}

/**
 * Runs a scenario on A (with indexes) and B (without); throws at the first statement whose
 * outcome differs, with both outcomes and A's plan.
 */
export async function runScenario(s: Scenario, stats?: Stats): Promise<void> {
  const a = await Database.open();
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
      const same =
        oa.error === ob.error &&
        oa.mutations === ob.mutations &&
        (oa.rows === undefined || ob.rows === undefined ? oa.rows === ob.rows : sameRows(oa.rows, ob.rows, st.kind === 'query' && st.ordered));
      if (!same) {
        const plan = await a.explain(st.statement).then((p) => JSON.stringify(p), (e: unknown) => String(e));
        throw new Error(`index and scan disagree on\n  ${st.statement}\nA (indexes): ${show(oa)}\nB (no index): ${show(ob)}\nplan of A: ${plan.slice(0, 2000)}`);
      }
      if (stats && st.kind === 'query') stats.queries++;
      else if (stats) stats.writes++;
    }
  } finally {
    await a.close();
    await b.close();
  }
}
