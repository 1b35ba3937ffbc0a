/**
 * Property `indexMatchesScan(db, keyspace)`: every generated query over the keyspace returns the
 * same rows on `db` (with its indexes) as on a copy of the keyspace without any index.
 *
 *   fc.assert(indexMatchesScan(db, 'products', { targets: await indexTargets(db, 'products') }))
 *
 * The copy is made from the documents `db` holds when the property first runs. Queries come
 * from {@link predicates}: token predicates aimed at the targets' fields with equivalent options,
 * scalar predicates, AND/OR/NOT, constants from the documents.
 */
import fc from 'fast-check';
import { Database } from '../../index.js';
import { documentLines, indexStatements } from '../catalog.js';
import { outcome, sameOutcome, showOutcome } from '../compare.js';
import type { IndexDef } from '../indexes.js';
import type { Options } from '../options.js';
import { poolOf } from '../pool.js';
import { predicates, type Query } from '../predicates.js';
import { CounterexampleError, renderScript } from '../script.js';

/** Options of {@link indexMatchesScan}. */
export interface IndexMatchesScanOptions {
  /** Indexes that predicates aim at (e.g. from `indexTargets(db, keyspace)`); default none. */
  targets?: readonly IndexDef[];
  /** Field paths predicates use (default: the targets' fields and the documents' top-level fields). */
  fields?: readonly string[];
  /** TOKENS options for fields no target covers (default: `tokenOptions()`). */
  options?: fc.Arbitrary<Options | undefined>;
  /** The queries (default: generated from the documents and targets). */
  queries?: fc.Arbitrary<Query>;
}

/** The generated queries of {@link indexMatchesScan} (exposed for reuse, e.g. by compaction). */
export function keyspaceQueries(db: Database, keyspace: string, o: IndexMatchesScanOptions = {}): fc.Arbitrary<Query> {
  if (o.queries) return o.queries;
  const docs = [...db.scan(keyspace)].map((d) => d.value);
  const top = new Set<string>();
  for (const d of docs) if (d !== null && typeof d === 'object' && !Array.isArray(d)) for (const k of Object.keys(d)) if (/^[A-Za-z_]\w*$/.test(k)) top.add(k);
  const fields = o.fields ?? [...new Set([...(o.targets ?? []).map((t) => t.field), ...top])];
  if (fields.length === 0) throw new Error(`indexMatchesScan: no fields to query in ${keyspace} (pass options.fields)`);
  return predicates(poolOf(docs.slice(0, 200)), o.targets ?? [], { keyspace, fields, options: o.options }).query;
}

/** A N1QL script of the keyspace (documents, indexes) and the failing query. */
export async function keyspaceScript(db: Database, keyspace: string, title: string, query: string, comment: string): Promise<string> {
  const lines = [...documentLines(db, keyspace), ...(await indexStatements(db, keyspace)).map((statement) => ({ statement }))];
  return renderScript(title, [keyspace], [...lines, { statement: query, comment }]);
}

/** A query returns the same rows with and without every index of the keyspace. */
export function indexMatchesScan(db: Database, keyspace: string, o: IndexMatchesScanOptions = {}): fc.IAsyncProperty<[Query]> {
  let bare: Promise<Database> | undefined;
  const withoutIndexes = (): Promise<Database> => (bare ??= copyKeys(db, keyspace));
  return fc.asyncProperty(keyspaceQueries(db, keyspace, o), async (q) => {
    const b = await withoutIndexes();
    const [oa, ob] = [await outcome(db, q.statement), await outcome(b, q.statement)];
    if (sameOutcome(oa, ob, q.ordered)) return;
    const plan = await db.explain(q.statement).then((p) => JSON.stringify(p).slice(0, 1500), String);
    const script = await keyspaceScript(db, keyspace, 'indexMatchesScan: the query differs with and without the indexes', q.statement, 'compare with DROP INDEX of each index');
    throw new CounterexampleError(`index and scan disagree on\n  ${q.statement}\nwith indexes: ${showOutcome(oa)}\nwithout: ${showOutcome(ob)}\nplan: ${plan}`, script);
  });
}

/** A copy of the keyspace's documents (same keys) in a new in-memory database without indexes. */
async function copyKeys(db: Database, keyspace: string): Promise<Database> {
  const b = await Database.open();
  await b.createKeyspace(keyspace);
  for (const d of db.scan(keyspace)) await b.upsert(keyspace, d.key, d.value);
  return b;
}
