import type { Expr, FunctionCall } from '../ast/index.js';
import { walkExpr } from '../ast/index.js';
import { formalize, KS } from '../semantic/formalize.js';
import { fieldPath, isMetaId } from './cover.js';
import { exprText } from './explain.js';
import { jsonCopy } from '../values/index.js';
import type { IndexAggregate, IndexGroupAggregates, IndexGroupKey, IndexScan3 } from './plan/index.js';

/** The aggregates an index computes, by name (DISTINCT forms of COUNT, COUNTN, SUM and AVG too; not MIN/MAX DISTINCT). */
const INDEX_AGGREGATES: Record<string, { distinct: boolean }> = {
  avg: { distinct: true },
  count: { distinct: true },
  countn: { distinct: true },
  max: { distinct: false },
  min: { distinct: false },
  sum: { distinct: true },
};

/**
 * The index keys (positions) a formalized expression reads: a key whose field path is a prefix
 * of a path the expression reads, and `nKeys` for META().id. Undefined if the expression reads
 * the keyspace some other way (then the index does not answer it).
 */
function dependsOn(formal: Expr, paths: readonly string[][]): number[] | undefined {
  const out = new Set<number>();
  let ok = true;
  walkExpr(formal, (x) => {
    if (!ok) return false;
    if (isMetaId(x)) {
      out.add(paths.length);
      return false;
    }
    const p = fieldPath(x);
    if (p) {
      const i = paths.findIndex((k) => k.length > 0 && k.length <= p.length && k.every((n, j) => n === p[j]));
      if (i >= 0) out.add(i);
      else ok = false;
      return false;
    }
    if ((x.kind === 'Identifier' && x.name === KS) || (x.kind === 'FunctionCall' && x.name === 'meta') || x.kind === 'Subquery') ok = false;
    return ok;
  });
  return ok ? [...out].sort((a, b) => a - b) : undefined;
}

/** An expression's text formalized on the block's alias (`` sum((`ks`.`v`)) ``), as the reference prints it in `covers`. */
export function formalText(e: Expr, alias: string, bound: ReadonlySet<string>): string {
  return exprText(jsonCopy(formalize(e, alias, bound), (_k, v) => (v && v.kind === 'Identifier' && v.name === KS ? { ...v, name: alias } : v)) as Expr);
}

/** True if `e` reads the keyspace only through the index keys with these field paths (and META().id). */
export function readsOnlyIndexKeys(e: Expr, alias: string, bound: ReadonlySet<string>, paths: readonly string[][]): boolean {
  return dependsOn(formalize(e, alias, bound), paths) !== undefined;
}

/** The index key a formalized expression is (its field path exactly), `nKeys` for META().id, or -1. */
function keyPosition(formal: Expr, paths: readonly string[][]): number {
  if (isMetaId(formal)) return paths.length;
  const p = fieldPath(formal);
  return p ? paths.findIndex((k) => k.length === p.length && k.every((n, j) => n === p[j])) : -1;
}

/** True when every span fixes index key `i` to one value (`low` = `high`, both included): the reference's EquivalenceRangeAt. */
function equalityAt(scan: IndexScan3, i: number): boolean {
  return scan.spans.length > 0 && scan.spans.every((sp) => {
    const r = sp.range[i];
    return r !== undefined && r.inclusion === 3 && r.low !== undefined && r.high !== undefined && exprText(r.low) === exprText(r.high);
  });
}

/**
 * Whether the index completes the groups itself (the reference's FULL group-aggregate pushdown,
 * couchbase/query planner/build_scan_pushdowns.go `indexGroupLeadingIndexKeysMatch`): the
 * non-constant GROUP BY keys are the leading index keys (META().id after the last key), in any
 * order, an index key fixed by an equality span skipped; and for an index with `PARTITION BY
 * HASH` every partition key is a GROUP BY key (without GROUP BY: an index key every span fixes).
 * Otherwise the reference's indexer returns `partial` aggregates per partition that the query
 * merges. Also the number of leading keys matched (`maxKeyPos`, for DISTINCT aggregates).
 * `groupKeys`: the formalized GROUP BY expressions.
 */
function leadingKeysMatch(scan: IndexScan3, groupKeys: readonly Expr[], paths: readonly string[][]): { full: boolean; matched: number } {
  const keys = groupKeys.filter((k) => k.kind !== 'Literal');
  const texts = new Set(keys.map(exprText));
  const positions = new Set(keys.map((k) => keyPosition(k, paths)));
  const partition = scan._partitionKeys ?? [];
  if (keys.length > 0) {
    if (!partition.every((p) => texts.has(exprText(p)))) return { full: false, matched: 0 };
  } else if (!partition.every((p) => { const i = keyPosition(p, paths); return i >= 0 && i < paths.length && equalityAt(scan, i); })) return { full: false, matched: 0 };
  if (positions.has(-1)) return { full: false, matched: 0 };
  let matched = 0;
  let grouped = 0;
  while (matched <= paths.length) {
    if (positions.has(matched)) grouped++;
    else if (matched === paths.length || !equalityAt(scan, matched)) break;
    matched++;
  }
  return { full: grouped === positions.size, matched };
}

/**
 * Aggregate pushdown into a covering index scan (couchbase/query
 * `planner/build_scan_indexgroup.go`, simplified): a block over one covering IndexScan3 of a
 * scalar index whose spans decide the WHERE, without joins, UNNEST, LET, GROUP AS, window
 * functions or a pushed LIMIT, whose GROUP BY keys each read index keys (and nothing else of
 * the keyspace), and whose aggregates are COUNT, COUNTN, SUM, MIN, MAX or AVG (DISTINCT forms of
 * all but MIN and MAX) without FILTER, each over index keys or a constant (or COUNT(*)). Then
 * the scan groups and aggregates the entries itself: its `index_group_aggs`, as the reference
 * prints them (entry ids, key positions, `depends`). Undefined when the block does not qualify.
 * `bound`: names the block binds that are not fields (GROUP BY aliases, outer names).
 */
export function indexGroupAggs(scan: IndexScan3, groupKeys: readonly { expr: Expr; alias?: string }[], aggregates: readonly FunctionCall[], bound: ReadonlySet<string>): IndexGroupAggregates | undefined {
  const paths = scan._coverPaths;
  if (!paths || scan.filter || scan.limit || scan.offset) return undefined;
  // An array index's key rebuilds nothing (one element per entry): not aggregated here.
  if (paths.some((p) => p.length === 0)) return undefined;
  const alias = scan._alias;
  const depends = new Set<number>();
  let id = paths.length + 1;
  const group: IndexGroupKey[] = [];
  for (const k of groupKeys) {
    const formal = formalize(k.expr, alias, bound);
    const d = dependsOn(formal, paths);
    if (!d || d.length === 0) return undefined;
    d.forEach((x) => depends.add(x));
    const pos = keyPosition(formal, paths);
    if (pos >= 0) group.push({ depends: [pos], expr: k.expr, id: pos, keypos: pos === paths.length ? -1 : pos });
    else group.push({ depends: d, expr: k.expr, id: id++, keypos: -1 });
  }
  const { full, matched } = leadingKeysMatch(scan, groupKeys.map((k) => formalize(k.expr, alias, bound)), paths);
  const aggs: IndexAggregate[] = [];
  for (const call of aggregates) {
    const name = call.name.toLowerCase();
    const props = INDEX_AGGREGATES[name];
    if (!props || call.filter || call.over || (call.distinct && !props.distinct)) return undefined;
    if (call.star && name !== 'count') return undefined;
    const operand: Expr = call.star ? { kind: 'Literal', value: 1 } : call.args[0];
    if (!operand || call.args.length > 1) return undefined;
    const formal = formalize(operand, alias, bound);
    const d = dependsOn(formal, paths);
    if (!d) return undefined;
    d.forEach((x) => depends.add(x));
    const pos = d.length ? keyPosition(formal, paths) : -1;
    // A DISTINCT aggregate only over complete groups, of a constant or one of the matched
    // leading keys (or the key after them): the reference's indexAggPushDownProperty.
    if (call.distinct && (!full || (d.length > 0 && (pos < 0 || pos > matched)))) return undefined;
    aggs.push({
      aggregate: name.toUpperCase() as IndexAggregate['aggregate'],
      ...(d.length ? { depends: d } : {}),
      ...(call.distinct ? { distinct: true } : {}),
      expr: operand,
      id: id++,
      keypos: pos >= 0 && pos < paths.length ? pos : -1,
    });
  }
  if (!group.length && !aggs.length) return undefined;
  return {
    ...(aggs.length ? { aggregates: aggs } : {}),
    ...(depends.size ? { depends: [...depends].sort((a, b) => a - b) } : {}),
    ...(group.length ? { group } : {}),
    ...(full ? {} : { partial: true }),
    _aggregates: [...aggregates],
    _group_keys: groupKeys.map((k) => k.expr),
    ...(groupKeys.some((k) => k.alias) ? { _aliases: groupKeys.map((k) => k.alias ?? null) } : {}),
  };
}
