import type { Expr } from '../../ast/index.js';

/** A range on one index key; `low`/`high` are static expressions (constants, parameters). */
export interface SpanRange {
  high?: Expr;
  /** 0 neither bound included, 1 low, 2 high, 3 both (the reference's codes). */
  inclusion: 0 | 1 | 2 | 3;
  /** Canonical text of the index key the range applies to. */
  index_key: string;
  low?: Expr;
  /** Internal: the bounds are the query's values (exact only if they are scalars when evaluated). */
  _user?: boolean;
}

/** One span: ranges on the leading index keys; `exact` when the predicate is fully served. */
export interface Span {
  exact?: boolean;
  range: SpanRange[];
}

/**
 * The document keys whose index entries fall in `spans`, in index order, each document once
 * (an array index is wrapped in a DistinctScan), except a covering UNNEST scan (`_coverUnnest`),
 * which makes a row of every occurrence of every entry. `covers`: a covering scan, whose rows are built
 * from the index entries (no Fetch follows). `limit`: OFFSET+LIMIT pushed into the scan, which
 * the planner does only when the spans alone decide the result (no Filter follows); with
 * `index_group_aggs`, a number of groups.
 * Internal fields (`_…`, not shown by EXPLAIN): for a covering scan, the field path each index
 * key rebuilds in the row's document, and which keys are expressions.
 * Source: couchbase/query `plan/scan_index3.go`.
 */
export interface IndexScan3 {
  '#operator': 'IndexScan3';
  as?: string;
  covers?: string[];
  /** Filter conditions the scan decides (`"cover (cond)": true`), as the reference prints them. */
  filter_covers?: Record<string, import('../../values/index.js').Value>;
  index: string;
  index_id: string;
  /** The ORDER BY the scan's order serves (index key positions and directions), as the reference prints it. */
  index_order?: { keypos: number; desc?: boolean }[];
  /** GROUP BY and aggregates computed by the scan from the index entries (index-group-aggs.ts). */
  index_group_aggs?: import('./index-group-aggs.js').IndexGroupAggregates;
  /** What the scan returns of each entry (the reference's field): the keys a covering scan reads, or the document key. */
  index_projection?: { entry_keys?: number[]; primary_key?: boolean };
  keyspace: string;
  limit?: Expr;
  /** A covering scan: the WHERE conjuncts on its alias alone, evaluated on each covered row before the joins and UNNESTs. */
  filter?: Expr;
  namespace: string;
  /** OFFSET pushed into the scan (with `limit` then LIMIT alone): the first `offset` entries are skipped. */
  offset?: Expr;
  spans: Span[];
  using: 'gsi';
  _coverPaths?: string[][];
  _coverExpressionKeys?: boolean[];
  /** A covering scan of a partial index: the fields its condition fixes, set in every row's document. */
  _coverConstants?: { path: string[]; value: import('../../values/index.js').Value }[];
  /**
   * A covering UNNEST scan (planner/cover-unnest.ts): one row per occurrence of each entry,
   * binding this UNNEST alias to the element its array key (position `key`) rebuilds at `path`.
   */
  _coverUnnest?: { alias: string; path: string[]; key: number; fields?: { path: string[]; key: number; alias?: string }[] };
  /**
   * `filter` is an UNNEST's index filter (planner/cover-unnest.ts applyUnnestEntryFilter) on a
   * scan that does not cover: evaluated on each entry with this alias bound to the element the
   * array key (position `key`) rebuilds at `path`; an entry that fails it selects no document.
   */
  _filterUnnest?: { alias: string; path: string[]; key: number; fields?: { path: string[]; key: number }[] };
  /** The index's `PARTITION BY HASH` keys, formalized (they decide whether `index_group_aggs` is `partial`). */
  _partitionKeys?: Expr[];
  /** A scan of the primary index (its one key is META().id): walks the keyspace's documents in key order. */
  _primary?: boolean;
  /** The FROM alias (always set; `as` is printed only when it differs from the keyspace). */
  _alias: string;
}
