/**
 * Comparing statement outcomes of two databases.
 *
 *   outcome(db, 'SELECT …') → { rows: [...], mutations: 0 } | { error: 12003 }
 *   sameOutcome(a, b, ordered) → true when rows (multisets, or sequences when ordered), mutation counts and error codes agree
 */
import { collate, QueryError, type Database, type Value } from '../index.js';
import { canonicalKey, compareStrings, toOutputValue } from '../values/index.js';

/** A canonical JSON text of a value (object fields sorted), for stable sorting and messages. */
export function canonical(v: Value): string {
  // MISSING can only be a top-level value: arrays and objects never hold it.
  return v === undefined ? 'MISSING' : canonicalKey(v);
}

/**
 * Rows compared as the reference harness does: in order when `ordered`, else as multisets; NaN
 * and ±Infinity as the reference's JSON writes them ("NaN", "+Infinity", "-Infinity").
 */
export function sameRows(actual: readonly Value[], expected: readonly Value[], ordered: boolean): boolean {
  if (actual.length !== expected.length) return false;
  // Rows as the reference's JSON shows them: NaN and ±Infinity are its strings "NaN", "+Infinity" …
  actual = actual.map(toOutputValue);
  expected = expected.map(toOutputValue);
  const a = ordered ? actual : [...actual].sort((x, y) => compareStrings(canonical(x), canonical(y)));
  const e = ordered ? expected : [...expected].sort((x, y) => compareStrings(canonical(x), canonical(y)));
  return a.every((x, i) => collate(x, e[i]) === 0);
}

/** What a statement did: its rows and mutation count, or its error code. */
export interface Outcome {
  rows?: Value[];
  mutations?: number;
  error?: number;
}

/** Runs a statement; a QueryError becomes `{ error: code }`, other errors are thrown. */
export async function outcome(db: Database, statement: string): Promise<Outcome> {
  try {
    const r = await db.query(statement);
    return { rows: r.results, mutations: r.metrics.mutationCount };
  } catch (err) {
    if (err instanceof QueryError) return { error: err.code };
    throw err;
  }
}

/** Same error code, same mutation count, same rows. */
export function sameOutcome(a: Outcome, b: Outcome, ordered: boolean): boolean {
  return (
    a.error === b.error &&
    a.mutations === b.mutations &&
    (a.rows === undefined || b.rows === undefined ? a.rows === b.rows : sameRows(a.rows, b.rows, ordered))
  );
}

/** An outcome for a failure message (at most 12 rows). */
export const showOutcome = (o: Outcome): string =>
  o.error !== undefined ? `error ${o.error}` : `${o.rows!.length} rows, ${o.mutations ?? 0} mutations:\n    ${o.rows!.slice(0, 12).map(canonical).join('\n    ')}`;
