/**
 * The statements of bench:pg-tokens (bench/postgres-token-layout.bench.ts) on each layout of a
 * TOKENS index: A, rows in the entries table (`tok_a`: spans by `indexSpanSql`, counts); B, an
 * array per document with a GIN index (`tok_b`), its scan, its dictionary of distinct tokens
 * (`tok_dict`) and its pg_trgm text (`tok_c`). Each step returns the document keys it read (a
 * count: the count, as one string). Prepared statements (named), as the store would use them.
 */
import type pg from 'pg';
import { decodeIndexKey } from '../../src/storage/postgres/collation-key.js';
import { indexCountSql } from '../../src/storage/postgres/index-count-sql.js';
import { indexSpanSql } from '../../src/storage/postgres/index-span-sql.js';
import type { KeyRange } from '../../src/storage/index.js';

/** Rows per page of a paginated span (the store's bounded synchronous reads). */
export const PAGE = 500;

/** One statement: its prepared name, text and parameters. */
interface Stmt {
  name: string;
  text: string;
  values: unknown[];
}

/** A query class of one layout: a step per query (one or more statements), returning the document keys. */
export type Step = (c: pg.Client, q: QueryArgs) => Promise<string[]>;

/** A query: a span on the token (and a prefix's text, for pg_trgm). */
export interface QueryArgs {
  /** The span on the token, in value order. */
  range: KeyRange;
  /** For a prefix: the prefix. */
  prefix?: string;
}

/** The span of one token. */
export const point = (t: string): QueryArgs => ({ range: { low: t, high: t, inclusion: 3 } });

async function rows(c: pg.Client, s: Stmt): Promise<Record<string, unknown>[]> {
  return (await c.query({ name: s.name, text: s.text, values: s.values })).rows as Record<string, unknown>[];
}

// ---- layout A: the entries table ----

const aSpan = (q: QueryArgs) => indexSpanSql([q.range], [false], 'key', { firstParam: 2 });

/** A's entries of the span (key and document key), in index order, in one statement. */
export const aRows: Step = async (c, q) => {
  const s = aSpan(q);
  const r = await rows(c, { name: `a-rows-${s.params.length}`, text: `SELECT key, doc_key FROM tok_a WHERE index_id = $1 AND ${s.predicate} ORDER BY key, doc_key`, values: [1, ...s.params] });
  return r.map((x) => x.doc_key as string);
};

/** A's rows without their keys: the document keys only, as a point span (whose key is known) or a fetch that needs no key can read them. */
export const aDocs: Step = async (c, q) => {
  const s = aSpan(q);
  const r = await rows(c, { name: `a-docs-${s.params.length}`, text: `SELECT doc_key FROM tok_a WHERE index_id = $1 AND ${s.predicate} ORDER BY key, doc_key`, values: [1, ...s.params] });
  return r.map((x) => x.doc_key as string);
};

/** A's count of the span's entries (`indexCountSql`'s statement for one span). */
export const aCount: Step = async (c, q) => {
  const s = indexCountSql([[q.range]], [false], { table: 'tok_a', indexId: 1, distinctDocuments: false })!;
  const r = await rows(c, { name: `a-count-${s.params.length}`, text: s.sql, values: s.params });
  return [String(r[0]!.n)];
};

/** A's span in pages of {@link PAGE} entries, each resumed after the last entry of the one before. */
export const aPaged: Step = async (c, q) => {
  const out: string[] = [];
  let after: { key: Buffer; doc: string } | undefined;
  for (;;) {
    const s = indexSpanSql([q.range], [false], 'key', { firstParam: 2, after: after && decodeIndexKey(after.key, [false]), afterDocKey: after?.doc });
    const r = await rows(c, { name: `a-page-${after ? 1 : 0}`, text: `SELECT key, doc_key FROM tok_a WHERE index_id = $1 AND ${s.predicate} ORDER BY key, doc_key LIMIT ${PAGE}`, values: [1, ...s.params] });
    for (const x of r) out.push(x.doc_key as string);
    if (r.length < PAGE) return out;
    const last = r[r.length - 1]!;
    after = { key: last.key as Buffer, doc: last.doc_key as string };
  }
};

// ---- layout B: an array per document, GIN ----

/** B's documents holding the token. */
export const bPoint: Step = async (c, q) => (await rows(c, { name: 'b-point', text: 'SELECT doc_key FROM tok_b WHERE tokens @> ARRAY[$1::text]', values: [q.range.low] })).map((x) => x.doc_key as string);

/** B's count of the documents holding the token. */
export const bCount: Step = async (c, q) => {
  const r = await rows(c, { name: 'b-count', text: 'SELECT count(*)::int AS n FROM tok_b WHERE tokens @> ARRAY[$1::text]', values: [q.range.low] });
  return [String(r[0]!.n)];
};

/** B's point in pages of document keys (a GIN has no order: each page finds every match, then sorts). */
export const bPaged: Step = async (c, q) => {
  const out: string[] = [];
  let after = '';
  for (;;) {
    const r = await rows(c, { name: 'b-page', text: `SELECT doc_key FROM tok_b WHERE tokens @> ARRAY[$1::text] AND doc_key > $2 ORDER BY doc_key LIMIT ${PAGE}`, values: [q.range.low, after] });
    for (const x of r) out.push(x.doc_key as string);
    if (r.length < PAGE) return out;
    after = r[r.length - 1]!.doc_key as string;
  }
};

/** A range of tokens on B without an index: every array unnested and compared. */
export const bScan: Step = async (c, q) =>
  (await rows(c, { name: 'b-scan', text: 'SELECT doc_key FROM tok_b WHERE EXISTS (SELECT FROM unnest(tokens) t WHERE t >= $1 AND t < $2)', values: [q.range.low, q.range.high] })).map((x) => x.doc_key as string);

/** A range of tokens on B through the dictionary of distinct tokens (B-tree), then the GIN's overlap. */
export const bDict: Step = async (c, q) =>
  (
    await rows(c, {
      name: 'b-dict',
      text: 'SELECT doc_key FROM tok_b WHERE tokens && ARRAY(SELECT token FROM tok_dict WHERE token >= $1 AND token < $2)',
      values: [q.range.low, q.range.high],
    })
  ).map((x) => x.doc_key as string);

/** A token prefix through pg_trgm: the tokens as one text with a space on each side of each. */
export const bTrgm: Step = async (c, q) =>
  (await rows(c, { name: 'b-trgm', text: 'SELECT doc_key FROM tok_c WHERE words LIKE $1', values: [`% ${q.prefix!.replace(/[\\%_]/g, '\\$&')}%`] })).map((x) => x.doc_key as string);

