import type { FunctionCall, OrderTerm } from '../ast/index.js';
import { stripLoc } from '../ast/index.js';
import { childScope, compileExpr, type AggregateRegistry, type Env, type Evaluator, type Scope } from '../eval/index.js';
import type { SubselectPlan } from '../planner/plan.js';
import { checkAggregateCall } from './aggregates.js';
import { distinct } from './distinct.js';
import { filter } from './filter.js';
import { group, type CompiledAggregate } from './group.js';
import { letBindings } from './let.js';
import { order, type CompiledSortTerm } from './order.js';
import { compileProjection, project } from './project.js';
import type { RowStream, RunContext } from './runtime.js';
import { compileSource, type CompiledSource } from './scan.js';
import { compileStep } from './compile-step.js';

/** Compiles a nested SELECT plan into a function returning its output values (set by compile-select). */
export type SubqueryCompiler = Parameters<typeof compileSource>[2];

/** A compiled SELECT block: runs in an (optional) outer environment and yields projected rows. */
export type CompiledBlock = (outer: Env | undefined, rc: RunContext) => RowStream;

class Registry implements AggregateRegistry {
  readonly calls: FunctionCall[] = [];
  private readonly byText = new Map<string, number>();
  register(call: FunctionCall): number {
    const text = JSON.stringify(stripLoc(call));
    let n = this.byText.get(text);
    if (n === undefined) {
      checkAggregateCall(call);
      n = this.calls.length;
      this.calls.push(call);
      this.byText.set(text, n);
    }
    return n;
  }
}

/** Compiles ORDER BY terms (default: NULLS FIRST for ASC, LAST for DESC). */
export function compileSortTerms(terms: OrderTerm[], scope: Scope): CompiledSortTerm[] {
  return terms.map((t) => ({ expr: compileExpr(t.expr, scope), desc: t.desc, nullsFirst: t.nulls ? t.nulls === 'FIRST' : !t.desc }));
}

/**
 * Compiles one SELECT block into its operator pipeline: scan (+Fetch) → Unnest → Let → Filter →
 * Group → Letting → Having → InitialProject → Distinct → (Order, when this block is the whole
 * statement). `orderLimit` lets Order keep only the first N rows.
 */
export function compileBlock(
  p: SubselectPlan,
  outer: Scope | undefined,
  compileSubquery: SubqueryCompiler,
  orderBy: OrderTerm[] | undefined,
  orderLimit: (rc: RunContext) => number | undefined,
): CompiledBlock {
  const src = p.source;
  const sourceAlias = src.op === 'DummyScan' ? undefined : src.alias;
  let scope: Scope = {
    names: new Set(sourceAlias ? [sourceAlias] : []),
    parent: outer,
    defaultAlias: sourceAlias ?? outer?.defaultAlias,
    keyspaceAliases: p.aliases.length ? p.aliases : (outer?.keyspaceAliases ?? []),
    compileSubquery: outer?.compileSubquery,
  };
  // The FROM term is compiled in the enclosing query's scope, not in this block's (which binds its
  // own alias): in `FROM (SELECT RAW x FROM ks) AS x` the inner `x` is a field of ks.
  const source: CompiledSource = compileSource(src, outer ?? { names: new Set(), keyspaceAliases: [] }, compileSubquery);
  const starAliases = sourceAlias ? [sourceAlias] : [];
  const preFilter = p.preFilter ? compileExpr(p.preFilter, scope) : undefined;
  const steps = p.steps.map((st) => {
    const step = compileStep(st, scope, outer, compileSubquery);
    scope = childScope(scope, [st.alias]);
    starAliases.push(st.alias);
    return step;
  });
  let lets: { name: string; expr: Evaluator }[] | undefined;
  if (p.let?.length) {
    lets = [];
    for (const l of p.let) {
      lets.push({ name: l.name, expr: compileExpr(l.expr, scope) });
      scope = childScope(scope, [l.name]);
    }
  }
  const where = p.where ? compileExpr(p.where, scope) : undefined;
  const registry = new Registry();
  let post = scope;
  let groupKeys: { expr: Evaluator; alias?: string }[] = [];
  let letting: { name: string; expr: Evaluator }[] | undefined;
  let having: Evaluator | undefined;
  if (p.group) {
    const preScope = scope;
    groupKeys = p.group.keys.map((k) => ({ expr: compileExpr(k.expr, preScope), alias: k.alias }));
    post = { ...childScope(scope, p.group.keys.flatMap((k) => (k.alias ? [k.alias] : []))), aggregates: registry };
    if (p.group.letting?.length) {
      letting = [];
      for (const l of p.group.letting) {
        letting.push({ name: l.name, expr: compileExpr(l.expr, post) });
        post = { ...childScope(post, [l.name]), aggregates: registry };
      }
    }
    if (p.group.having) having = compileExpr(p.group.having, post);
  }
  const projection = compileProjection(p.terms, p.raw, post, starAliases);
  const sortTerms = orderBy?.length
    ? compileSortTerms(orderBy, { ...childScope(post, projection.aliases), aggregates: p.group ? registry : undefined })
    : undefined;
  const aggregates: CompiledAggregate[] = registry.calls.map((call) => ({
    call,
    arg: call.star ? undefined : compileExpr(call.args[0], scope),
  }));
  return (outerEnv, rc) => {
    let s = source(outerEnv, rc);
    if (preFilter) s = filter(s, preFilter, rc);
    for (const st of steps) s = st(s, outerEnv, rc);
    if (lets) s = letBindings(s, lets, rc);
    if (where && !source.filterRedundant?.(rc)) s = filter(s, where, rc);
    if (p.group) {
      s = group(s, groupKeys, aggregates, outerEnv, rc);
      if (letting) s = letBindings(s, letting, rc);
      if (having) s = filter(s, having, rc);
    }
    s = project(s, projection, p.raw, !!sortTerms, rc);
    if (p.distinct) s = distinct(s);
    if (sortTerms) s = order(s, sortTerms, rc, orderLimit(rc));
    return s;
  };
}
