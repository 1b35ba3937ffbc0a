/**
 * Property `planUsesIndexIffOptionsEquivalent()` (spec §10.1–§10.3): with one token index on
 * `TOKENS(f, o1)`, EXPLAIN of a query on `TOKENS(f, o2)` (an ANY … SATISFIES v = t, or a
 * CONTAINS_TOKEN / HAS_TOKEN call) scans that index exactly when `o1` ≡ `o2` under §10.2.
 *
 *   fc.assert(planUsesIndexIffOptionsEquivalent())
 *   fc.assert(planUsesIndexIffOptionsEquivalent({ equivalent: myRule, fields: ['title'] }))
 *
 * `equivalent` is the oracle (default: {@link optionsEquivalent}); each run uses a new
 * in-memory database. A counterexample prints as a script ending in the EXPLAIN.
 */
import fc from 'fast-check';
import { Database, type ObjectValue } from '../../index.js';
import { literal } from '../documents.js';
import { tokenIndexFor, type IndexDef } from '../indexes.js';
import { optionsEquivalent, printOptions, tokenOptions, type Options, type OptionsEquivalence } from '../options.js';
import { CounterexampleError, insertStatement, renderScript, withScript } from '../script.js';

/** One case: a document, an index, and the query whose plan is checked. */
export interface PlanCase {
  keyspace: string;
  doc: ObjectValue;
  index: IndexDef;
  /** The query's TOKENS options (the index's are `index.options`). */
  options: Options | undefined;
  query: string;
}

/** Options of {@link planUsesIndexIffOptionsEquivalent}. */
export interface PlanUsesIndexOptions {
  /** The oracle: should an index on TOKENS(f, a) serve TOKENS(f, b)? (default: spec §10.2) */
  equivalent?: OptionsEquivalence;
  /** Fields to index (default ['name', 'email']). */
  fields?: readonly string[];
  /** Index options (default `tokenOptions()`, invalid ones included). */
  options?: fc.Arbitrary<Options | undefined>;
  keyspace?: string;
}

/** The case as a `tokenql shell` script; `expected` says whether ix0 should be scanned. */
export function planCaseScript(c: PlanCase, expected?: boolean): string {
  const note = expected === undefined ? 'look for IndexScan3 on ix0' : `expected: ${expected ? 'an IndexScan3 on ix0' : 'no IndexScan3 on ix0'}`;
  return renderScript('planUsesIndexIffOptionsEquivalent: an index is used exactly when the TOKENS options are equivalent (spec §10.2)', [c.keyspace], [
    { statement: insertStatement(c.keyspace, 'k0', c.doc) },
    { statement: c.index.statement },
    { statement: `EXPLAIN ${c.query}`, comment: note },
    { statement: c.query },
  ]);
}

/** True when the plan (EXPLAIN JSON) has an IndexScan3 of index `name`. */
export function planScansIndex(plan: unknown, name: string): boolean {
  let found = false;
  const walk = (n: unknown): void => {
    if (found || n === null || typeof n !== 'object') return;
    const o = n as Record<string, unknown>;
    if (o['#operator'] === 'IndexScan3' && o.index === name) found = true;
    else Object.values(o).forEach(walk);
  };
  walk(plan);
  return found;
}

/** EXPLAIN scans the token index exactly when the options are equivalent (per the oracle). */
export function planUsesIndexIffOptionsEquivalent(o: PlanUsesIndexOptions = {}): fc.IAsyncProperty<[PlanCase]> {
  const keyspace = o.keyspace ?? 'ks';
  const equivalent = o.equivalent ?? optionsEquivalent;
  const cases = fc
    .record({ field: fc.constantFrom(...(o.fields ?? ['name', 'email'])), options: o.options ?? tokenOptions(), match: fc.boolean() })
    .chain(({ field, options, match }) =>
      fc.record({
        index: tokenIndexFor(field, options, { match, keyspace }),
        options: fc.constant(options),
        token: fc.constantFrom('hello', 'Hello', 'HELLO', 'jim@abc.com'),
        shape: fc.constantFrom('any', 'any', 'contains', 'has'),
      }).map(({ index, options: qo, token, shape }) => {
        const toks = `TOKENS(${field}${printOptions(qo)})`;
        const where =
          shape === 'any' ? `ANY t IN ${toks} SATISFIES t = ${literal(token)} END` : `${shape === 'has' ? 'HAS_TOKEN' : 'CONTAINS_TOKEN'}(${field}, ${literal(token)}${printOptions(qo)})`;
        const doc: ObjectValue = { [field]: 'Hello hello HELLO jim@abc.com' };
        return withScript<PlanCase>({ keyspace, doc, index, options: qo, query: `SELECT META().id AS id FROM ${keyspace} WHERE ${where}` }, (c) => planCaseScript(c));
      }),
    );
  return fc.asyncProperty(cases, async (c) => {
    const db = await Database.open();
    try {
      await db.createKeyspace(keyspace);
      await db.query(insertStatement(keyspace, 'k0', c.doc));
      await db.query(c.index.statement);
      const plan = await db.explain(c.query);
      const expected = equivalent(c.index.options, c.options);
      if (planScansIndex(plan, 'ix0') !== expected) {
        const msg = `the plan ${expected ? 'does not scan' : 'scans'} ix0, but the options ${printOptions(c.index.options).slice(2) || '(omitted)'} and ${printOptions(c.options).slice(2) || '(omitted)'} are ${expected ? '' : 'not '}equivalent`;
        throw new CounterexampleError(msg, planCaseScript(c, expected));
      }
    } finally {
      await db.close();
    }
  });
}
