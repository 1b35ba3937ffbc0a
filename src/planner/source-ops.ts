import type { ScanPlan, SelectPlan, SourcePlan } from './logical-plan.js';
import type { Value } from '../values/index.js';
import { type Fetch, type IndexScan3, type KeySource, type Operator } from './plan/index.js';

/**
 * The operators that produce a block's rows from its source: the scan (IndexScan3, DistinctScan,
 * IntersectScan, UnionScan, PrimaryScan3, KeyScan, ExpressionScan …) and the Fetch that binds
 * the documents.
 */

/** The alias is printed as `as` only where it differs from the keyspace name (as the reference does). */
const asIfRenamed = (alias: string, keyspace: string) => (alias !== keyspace ? { as: alias } : {});

/** IndexScan3 / DistinctScan / IntersectScan / UnionScan of a logical scan (spec §10.4). */
export function keySource(
  scan: ScanPlan,
  alias: string,
  cover?: { paths: string[][]; expressionKeys?: boolean[]; constants?: { path: string[]; value: Value }[]; unnest?: IndexScan3['_coverUnnest'] },
): KeySource {
  if (scan.kind === 'UnionScan') return { '#operator': 'UnionScan', ...(scan.limit ? { limit: scan.limit } : {}), scans: scan.scans.map((s) => keySource(s, alias)) };
  if (scan.kind !== 'IndexScan3') return { '#operator': scan.ordered ? 'OrderedIntersectScan' : 'IntersectScan', scans: scan.scans.map((s) => keySource(s, alias)) };
  const op: KeySource = {
    '#operator': 'IndexScan3',
    ...asIfRenamed(alias, scan.keyspace),
    ...(scan.covers ? { covers: scan.covers } : {}),
    index: scan.index,
    index_id: scan.indexId,
    ...(scan.indexOrder ? { index_order: scan.indexOrder } : {}),
    // What the scan returns of each entry: a Fetch needs the document key only.
    ...(scan.covers ? (scan.indexProjection ? { index_projection: scan.indexProjection } : {}) : { index_projection: { primary_key: true } }),
    keyspace: scan.keyspace,
    ...(scan.limit ? { limit: scan.limit } : {}),
    namespace: 'default',
    ...(scan.offset ? { offset: scan.offset } : {}),
    spans: scan.spans.map((sp) => ({
      ...(sp.exact ? { exact: true } : {}),
      range: sp.ranges.map((r) => ({
        ...(r.high ? { high: r.high } : {}),
        inclusion: r.inclusion,
        index_key: r.indexKey,
        ...(r.low ? { low: r.low } : {}),
        ...(r.user ? { _user: true } : {}),
      })),
    })),
    using: 'gsi',
    _alias: alias,
    ...(cover ? { _coverPaths: cover.paths, ...(cover.expressionKeys ? { _coverExpressionKeys: cover.expressionKeys } : {}) } : {}),
    ...(cover?.unnest ? { _coverUnnest: cover.unnest } : {}),
    ...(scan.partitionKeys ? { _partitionKeys: scan.partitionKeys } : {}),
    ...(scan.entryFilter ? { filter: scan.entryFilter, _filterUnnest: scan.filterUnnest } : {}),
    // A partial index's condition fixes fields of every covered row, and holds on each: the reference prints them as filter_covers.
    ...(cover?.constants?.length ? { _coverConstants: cover.constants } : {}),
    ...(cover?.constants?.length || scan.conditionCovers?.length
      ? {
          filter_covers: Object.fromEntries([
            ...(cover?.constants ?? []).map((c): [string, Value] => [`cover ((\`${alias}\`.${c.path.map((n) => '`' + n + '`').join('.')}))`, c.value]),
            ...(scan.conditionCovers ?? []).map((t): [string, Value] => [`cover (${t})`, true]),
          ]),
        }
      : {}),
  };
  return scan.distinct ? { '#operator': 'DistinctScan', scan: op } : op;
}

/**
 * True if the Filter of a block over this source can be left out: the index spans are exact,
 * serve every WHERE conjunct, and every bound taken from the query is a literal scalar (a
 * parameter could be an array at run time, and then the span is not exact).
 */
export function spansDecideWhere(source: SourcePlan): boolean {
  if (source.op !== 'IndexScan' || source.scan.kind === 'IntersectScan' || !source.scan.servesWhere) return false;
  const scans = source.scan.kind === 'UnionScan' ? source.scan.scans : [source.scan];
  return scans.every((s) => s.kind === 'IndexScan3' && literalBounds(s));
}

/** Every bound taken from the query is a literal scalar. */
function literalBounds(scan: ScanPlan & { kind: 'IndexScan3' }): boolean {
  return scan.spans.every((sp) =>
    sp.ranges.every((r) => !r.user || [r.low, r.high].every((b) => b === undefined || (b.kind === 'Literal' && ['string', 'number', 'boolean'].includes(typeof b.value)))),
  );
}

/** The operators that produce a block's rows: the scan, and the Fetch that binds documents. */
export function sourceOps(s: SourcePlan, buildSubquery: (q: SelectPlan) => Operator): Operator[] {
  switch (s.op) {
    case 'IndexScan': {
      const cover = s.coverPaths ? { paths: s.coverPaths, expressionKeys: s.coverExpressionKeys, constants: s.coverConstants, unnest: s.coverUnnest } : undefined;
      const scan = keySource(s.scan, s.alias, cover);
      return cover ? [scan] : [scan, fetch(s.alias, s.keyspace, s.namespace)];
    }
    case 'DummyScan':
      return [{ '#operator': 'DummyScan' }];
    case 'PrimaryScan3':
      return [
        {
          '#operator': 'PrimaryScan3',
          ...asIfRenamed(s.alias, s.keyspace),
          index: s.index,
          ...(s.index === '#primary' ? { index_projection: { primary_key: true } } : {}),
          keyspace: s.keyspace,
          namespace: s.namespace,
          using: 'gsi',
        },
        fetch(s.alias, s.keyspace, s.namespace),
      ];
    case 'KeyScan':
      return [{ '#operator': 'KeyScan', keys: s.keys, ...(s.validate ? { _validate: true, _keyspace: s.keyspace } : {}) }, fetch(s.alias, s.keyspace, s.namespace)];
    case 'ExpressionScan':
      return [{ '#operator': 'ExpressionScan', alias: s.alias, expr: s.expr, ...(s.uncorrelated ? { uncorrelated: true } : {}) }];
    case 'SubqueryScan':
      return [buildSubquery(s.query), { '#operator': 'Alias', as: s.alias }];
    case 'SystemScan':
      return [
        { '#operator': 'PrimaryScan', ...asIfRenamed(s.alias, s.keyspace), index: '#primary', keyspace: s.keyspace, namespace: 'system', using: 'system' },
        fetch(s.alias, s.keyspace, 'system'),
      ];
  }
}

function fetch(alias: string, keyspace: string, namespace: string): Fetch {
  return { '#operator': 'Fetch', ...asIfRenamed(alias, keyspace), keyspace, namespace };
}
