/**
 * Property `mutationsKeepIndexesExact()`: model-based (fast-check `commands`). Database A has
 * random indexes, database B none; random INSERT/UPSERT/UPDATE/DELETE commands run on both, and
 * after each one every index of A is probed (a query its planner serves from that index) and a
 * random query is run: A and B must agree on every outcome.
 *
 *   fc.assert(mutationsKeepIndexesExact(), { numRuns: 50 })
 *
 * A counterexample prints (and its error ends with) the script of the commands that ran.
 */
import fc from 'fast-check';
import { Database } from '../../index.js';
import { outcome, sameOutcome, showOutcome } from '../compare.js';
import { doc, KEYSPACE, literal } from '../documents.js';
import { defaultIndexDefs, type IndexDef } from '../indexes.js';
import { printOptions } from '../options.js';
import { poolOf } from '../pool.js';
import { predicates, type Query } from '../predicates.js';
import { writes } from '../scenario.js';
import { CounterexampleError, insertStatement, renderScript, type ScriptLine } from '../script.js';

/** The two databases and the statements run so far. */
export interface MutationReal {
  a: Database;
  b: Database;
  log: ScriptLine[];
}

/** The model: nothing beyond database B (the oracle is B). */
export type MutationModel = Record<string, never>;

/** A probe that A's planner serves from `ix` (its first key, under the index's WHERE). */
export function indexProbe(ix: IndexDef): string {
  const where = / WHERE (.*)$/.exec(ix.statement.slice(ix.statement.lastIndexOf(')')))?.[1];
  const cond = ix.tokens ? `ANY p IN TOKENS(${ix.field}${printOptions(ix.options)}) SATISFIES p IS NOT NULL END` : `${ix.field} IS NOT NULL`;
  return `SELECT RAW META().id FROM ${KEYSPACE} WHERE ${cond}${where ? ` AND ${where}` : ''}`;
}

async function compare(r: MutationReal, statement: string, ordered: boolean, record: boolean): Promise<void> {
  const [oa, ob] = [await outcome(r.a, statement), await outcome(r.b, statement)];
  if (record) r.log.push({ statement });
  if (!sameOutcome(oa, ob, ordered)) {
    const lines = record ? r.log : [...r.log, { statement, comment: 'differs' }];
    const script = renderScript('mutationsKeepIndexesExact: database A runs every statement, database B all but CREATE INDEX (A only)', [KEYSPACE], lines);
    throw new CounterexampleError(`A (indexes) and B (none) disagree on\n  ${statement}\nA: ${showOutcome(oa)}\nB: ${showOutcome(ob)}`, script);
  }
}

/** One write, then the probes of every index and one random query. */
class WriteCommand implements fc.AsyncCommand<MutationModel, MutationReal> {
  constructor(
    readonly statement: string,
    readonly probes: readonly string[],
    readonly query: Query,
  ) {}
  check(): boolean {
    return true;
  }
  async run(_m: MutationModel, r: MutationReal): Promise<void> {
    await compare(r, this.statement, false, true);
    for (const p of this.probes) await compare(r, p, false, false);
    await compare(r, this.query.statement, this.query.ordered, false);
  }
  toString(): string {
    return `${this.statement};`;
  }
}

/** Options of {@link mutationsKeepIndexesExact}. */
export interface MutationsOptions {
  /** Index definitions on keyspace `ks` (default: generated). */
  indexes?: fc.Arbitrary<IndexDef[]>;
  /** Most commands per run (default 12). */
  maxCommands?: number;
}

/** After any sequence of writes, every index agrees with a full scan. */
export function mutationsKeepIndexesExact(o: MutationsOptions = {}) {
  const setup = fc.record({ docs: fc.array(doc, { minLength: 1, maxLength: 6 }), indexes: o.indexes ?? defaultIndexDefs });
  const runs = setup.chain(({ docs, indexes }) => {
    const pool = poolOf(docs);
    const probes = indexes.map(indexProbe);
    const command = fc
      .tuple(writes(pool, indexes, docs.length), predicates(pool, indexes).query)
      .map(([w, q]) => new WriteCommand(w, probes, q));
    return fc.tuple(fc.constant({ docs, indexes }), fc.commands([command], { maxCommands: o.maxCommands ?? 12 }));
  });
  return fc.asyncProperty(runs, async ([{ docs, indexes }, cmds]) => {
    const r: MutationReal = { a: await Database.open(), b: await Database.open(), log: [] };
    try {
      await r.a.createKeyspace(KEYSPACE);
      await r.b.createKeyspace(KEYSPACE);
      for (const [i, d] of docs.entries()) await compare(r, insertStatement(KEYSPACE, `k${i}`, d), false, true);
      for (const ix of indexes) {
        await r.a.query(ix.statement);
        r.log.push({ statement: ix.statement, comment: 'A only' });
      }
      await fc.asyncModelRun(() => ({ model: {}, real: r }), cmds);
      await compare(r, `SELECT META().id AS id, * FROM ${KEYSPACE} WHERE META().id > ${literal('')}`, false, false);
    } finally {
      await r.a.close();
      await r.b.close();
    }
  });
}
