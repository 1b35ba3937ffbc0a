/**
 * Counterexamples as N1QL scripts that reproduce in `tokenql shell`:
 *
 *   -- <title>
 *   -- reproduce: npx tokenql shell --load ks=/dev/null < counterexample.n1ql
 *   INSERT INTO ks (KEY, VALUE) VALUES ("k0", {"name": "…"});
 *   CREATE INDEX ix0 ON ks(…);
 *   EXPLAIN SELECT …;   -- expected: …
 */
import fc from 'fast-check';
import type { Value } from '../index.js';
import { literal } from './documents.js';

/** `INSERT INTO ks (KEY, VALUE) VALUES ("k", {…})` (or UPSERT). */
export const insertStatement = (keyspace: string, key: string, doc: Value, verb: 'INSERT' | 'UPSERT' = 'INSERT'): string =>
  `${verb} INTO ${keyspace} (KEY, VALUE) VALUES (${literal(key)}, ${literal(doc)})`;

/** One script line: a statement with its `;` and an optional trailing comment. */
export interface ScriptLine {
  statement: string;
  comment?: string;
}

/** The whole script: header comments (title, how to run it), then one statement per line. */
export function renderScript(title: string, keyspaces: readonly string[], lines: readonly ScriptLine[]): string {
  const load = keyspaces.map((k) => ` --load ${k}=/dev/null`).join('');
  const out = [...title.split('\n').map((t) => `-- ${t}`), `-- reproduce: npx tokenql shell${load} < counterexample.n1ql`];
  for (const l of lines) out.push(`${l.statement};${l.comment ? `   -- ${l.comment}` : ''}`);
  return out.join('\n');
}

/** Makes fast-check print `value` as `script()` in its counterexample report. */
export function withScript<T extends object>(value: T, script: (v: T) => string): T {
  return Object.assign(value, { [fc.toStringMethod]: () => script(value) });
}

/** An Error whose message ends with the script (fast-check reports it with the counterexample). */
export class CounterexampleError extends Error {
  constructor(
    message: string,
    /** The reproducing N1QL script. */
    readonly script: string,
  ) {
    super(`${message}\n\n${script}\n`);
    this.name = 'CounterexampleError';
  }
}
