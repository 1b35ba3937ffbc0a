/**
 * The count of index entries in PostgreSQL: IndexCountScan2 over spans of the entries table
 * (docs/postgres.md "Index keys", "Token indexes") as one `SELECT count(…)`, so that no entry
 * crosses the wire. On a one-span count PostgreSQL answers from the primary key's B-tree alone
 * (an index-only scan, once VACUUM has set the table's visibility map).
 */
import type { KeyRange } from '../index-tree.js';
import { indexSpanSql } from './index-span-sql.js';

/** A count statement: its text and its parameters (`$1` the index id, then encoded keys). */
export interface IndexCountSql {
  /** `SELECT count(*) AS n FROM … WHERE …`; `n` comes back as a bigint (node-postgres: a string). */
  sql: string;
  params: (Buffer | number)[];
}

/** Options of {@link indexCountSql}. */
export interface IndexCountSqlOptions {
  /** The entries table (verbatim SQL: a trusted identifier). */
  table: string;
  /** The index whose entries are counted (the table's `index_id`). */
  indexId: number;
  /**
   * Count each document once (`count(DISTINCT doc_key)`) rather than each entry: for an array
   * index (a document has an entry per distinct element) over more than one key, as
   * IndexCountScan2 does when its spans do not fix the array key to one value.
   */
  distinctDocuments: boolean;
}

/**
 * The statement that counts the entries of index `options.indexId` in the union of `spans` (each
 * the per-key ranges of `IndexTree.scan`, as {@link indexSpanSql} takes them; an entry in two
 * spans counts once), or each document once with `distinctDocuments`. The columns are those of
 * the entries table: `index_id`, `key` (bytea, `encodeIndexKey(key, desc)`) and `doc_key`.
 * Returns undefined when a span leaves ranges that SQL cannot decide (a range on a key after a
 * range, see {@link indexSpanSql}'s `residual`): such a count is taken on the decoded rows.
 * No spans count nothing (`FALSE`); the whole index is the one span `[]`.
 * Documents that may have expired are counted: a keyspace whose documents can expire counts on
 * the rows (the count operator checks each document, src/executor/operators/index-count-scan2.ts).
 */
export function indexCountSql(spans: readonly (readonly (KeyRange | undefined)[])[], desc: readonly boolean[], options: IndexCountSqlOptions): IndexCountSql | undefined {
  const params: (Buffer | number)[] = [options.indexId];
  const predicates: string[] = [];
  for (const ranges of spans) {
    const s = indexSpanSql(ranges, desc, 'key', { firstParam: params.length + 1 });
    if (s.residual) return undefined;
    params.push(...(s.params as Buffer[]));
    predicates.push(s.predicate);
  }
  const where = predicates.length === 0 ? 'FALSE' : predicates.length === 1 ? predicates[0]! : predicates.map((p) => `(${p})`).join(' OR ');
  const what = options.distinctDocuments ? 'DISTINCT doc_key' : '*';
  return { sql: `SELECT count(${what}) AS n FROM ${options.table} WHERE index_id = $1 AND (${where})`, params };
}
