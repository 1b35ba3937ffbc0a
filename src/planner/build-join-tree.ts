import type { Expr } from '../ast/index.js';
import { keySource, sourceOps } from './source-ops.js';
import type { FromStepPlan, SelectPlan } from './logical-plan.js';
import { sequence, type Operator } from './plan/index.js';

/**
 * The operator of one UNNEST / JOIN / NEST step of a block, shaped as the reference's
 * (couchbase/query `plan/join.go`, `nest.go`, `index_join.go`, `index_nest.go`, `nl_join.go`,
 * `nl_nest.go`, `hash_join.go`, `hash_nest.go`, `unnest.go`). The inner side of a nested-loop or
 * hash join is its own scan (+ Fetch, marked `nested_loop` under a nested loop) under `~child`.
 */
export function stepOp(st: FromStepPlan, buildSubquery: (q: SelectPlan) => Operator): Operator {
  const outer = st.outer ? { outer: true as const } : {};
  switch (st.op) {
    case 'Unnest':
      return { '#operator': 'Unnest', as: st.alias, expr: st.expr, ...outer };
    case 'Join':
    case 'Nest':
      return {
        '#operator': st.op,
        ...(st.alias !== st.keyspace ? { as: st.alias } : {}),
        keyspace: st.keyspace,
        namespace: 'default',
        on_keys: st.onKeys,
        ...outer,
        _alias: st.alias,
        ...(st.validate ? { _validate: true } : {}),
      };
    case 'IndexJoin':
    case 'IndexNest':
      return {
        '#operator': st.op,
        as: st.alias,
        for: st.forAlias,
        keyspace: st.keyspace,
        namespace: 'default',
        on_key: st.onKey,
        ...outer,
        scan: { ...(st.scan.covers ? { covers: st.scan.covers } : {}), index: st.scan.index, index_id: st.scan.indexId, using: 'gsi' },
        _scan: keySource(st.scan, st.alias, st.coverPaths ? { paths: st.coverPaths } : undefined),
      };
    case 'NestedLoopJoin':
    case 'NestedLoopNest': {
      const inner = sourceOps(st.inner, buildSubquery).map((o) => (o['#operator'] === 'Fetch' || o['#operator'] === 'ExpressionScan' ? { ...o, nested_loop: true } : o));
      return {
        '#operator': st.op,
        alias: st.alias,
        ...(st.filter ? { filter: st.filter } : {}),
        ...(st.on ? { on_clause: st.on } : {}),
        ...outer,
        '~child': sequence(inner),
        _correlated: st.correlated,
        ...(st.innerFilter ? { _innerFilter: st.innerFilter } : {}),
      };
    }
    case 'HashJoin':
    case 'HashNest': {
      const buildInner = st.build !== 'outer';
      const inner = { aliases: [st.alias], exprs: st.innerExprs };
      const outerSide = { aliases: st.outerAliases, exprs: st.outerExprs };
      const build = buildInner ? inner : outerSide;
      const probe = buildInner ? outerSide : inner;
      const common = {
        build_exprs: build.exprs,
        ...(st.filter ? { filter: st.filter } : {}),
        ...(st.on ? { on_clause: st.on } : {}),
        ...outer,
        probe_aliases: probe.aliases,
        probe_exprs: probe.exprs,
        '~child': sequence(sourceOps(st.inner, buildSubquery)),
        _innerExprs: st.innerExprs,
        _outerExprs: st.outerExprs,
        ...(st.exact ? { _exact: true } : {}),
      };
      if (st.op === 'HashNest') return { '#operator': 'HashNest', build_alias: st.alias, ...common };
      return { '#operator': 'HashJoin', build_aliases: build.aliases, ...common, _alias: st.alias, _build: st.build };
    }
  }
}

/** Lookup and hash joins come before the block's Parallel, as the reference places them; the other steps inside it. */
export function beforeParallel(st: FromStepPlan): boolean {
  return st.op === 'Join' || st.op === 'Nest' || st.op === 'HashJoin' || st.op === 'HashNest';
}

/** The Filter of the WHERE conjuncts on the first term, applied before the joins. */
export function preFilterOp(e: Expr): Operator {
  return { '#operator': 'Filter', condition: e };
}
