import type { Expr, SelectStatement } from '../ast/index.js';
import { formalize, KS } from '../semantic/formalize.js';
import { printExpr, printStatement } from '../ast/print.js';
import { lookupFunction } from '../eval/functions/registry.js';
import type { ObjectValue, Value } from '../values/index.js';
import type { Operator, StatementPlan } from './plan/index.js';
import { jsonCopy } from '../values/index.js';

/**
 * EXPLAIN: the operator tree's own JSON, as couchbase/query's `plan/*.go` MarshalJSON prints
 * it: `{"#operator": name, …fields in name order}`, child operators under `~children`,
 * `~child`, `scan`, `scans`, `first`, `second`; expressions as canonical text. Fields whose
 * name starts with `_` are the planner's notes to the executor and are not printed.
 */

/** Canonical names: function aliases print under their function's name (`HAS_TOKEN` → `contains_token`, spec §1). */
function canonicalNames<T>(node: T): T {
  return jsonCopy(node, (_k, v) =>
    v && v.kind === 'FunctionCall' && v.name !== 'meta' ? { ...v, name: lookupFunction(v.name)?.name.toLowerCase() ?? v.name } : v,
  );
}

/** An expression's canonical text. */
export const exprText = (e: Expr): string => printExpr(canonicalNames(e));

/** A subquery's canonical text (the `subquery` of a `~subqueries` entry). */
export const printStatementText = (q: SelectStatement): string => printStatement(canonicalNames(q));

const isExpr = (v: unknown): v is Expr => !!v && typeof v === 'object' && !Array.isArray(v) && typeof (v as { kind?: unknown }).kind === 'string';
const isOperator = (v: unknown): v is Operator => !!v && typeof v === 'object' && typeof (v as { '#operator'?: unknown })['#operator'] === 'string';

/**
 * The texts of the statement's correlated subqueries while its plan is printed: the reference
 * prints such a subquery inside an operator's expression as `correlated (select …)`.
 */
let correlatedTexts: readonly string[] = [];
/** While explaining a profiled run: each plan node's `#stats` (profile=timings). */
let nodeStats: ReadonlyMap<object, Value> | undefined;

/** `text` with each correlated subquery in it marked `correlated (select …)`. */
function markCorrelated(text: string): string {
  let t = text;
  for (const c of correlatedTexts) if (t.includes(`(${c})`)) t = t.split(`(${c})`).join(`correlated (${c})`);
  return t;
}

const operatorExprText = (e: Expr): string => markCorrelated(exprText(e));

function marshalValue(v: unknown): Value {
  if (Array.isArray(v)) return v.map(marshalValue);
  if (isOperator(v)) return explainOperator(v);
  if (isExpr(v)) return operatorExprText(v);
  if (v && typeof v === 'object') return marshalFields(v as Record<string, unknown>);
  return v as Value;
}

function marshalFields(o: Record<string, unknown>): ObjectValue {
  const out: ObjectValue = {};
  for (const k of Object.keys(o).sort()) {
    if (k.startsWith('_') || o[k] === undefined) continue;
    out[k] = marshalValue(o[k]);
  }
  return out;
}

/** One operator (and its children) as EXPLAIN JSON. */
export function explainOperator(op: Operator): ObjectValue {
  const { '#operator': name, ...rest } = op as unknown as Record<string, unknown>;
  return { '#operator': name as string, ...marshalFields(rest) };
}

/** Operators whose alias (`as`, else `keyspace`) a block's unqualified names may refer to. */
function blockAliases(children: readonly unknown[], out: Set<string>): void {
  for (const c of children) {
    if (!isOperator(c)) continue;
    const o = c as unknown as Record<string, unknown>;
    if (typeof o.keyspace === 'string') out.add(typeof o.as === 'string' ? o.as : o.keyspace);
    else if (typeof o.as === 'string') out.add(o.as);
    if (o['#operator'] === 'Parallel' && isOperator(o['~child'])) {
      const inner = o['~child'] as unknown as Record<string, unknown>;
      blockAliases(Array.isArray(inner['~children']) ? inner['~children'] : [inner], out);
    }
  }
}

/** Names a block binds besides its alias (LET, LETTING, GROUP BY … AS), which formalizing leaves alone. */
function blockBound(children: readonly unknown[], out: Set<string>): void {
  for (const c of children) {
    if (!isOperator(c)) continue;
    const o = c as unknown as Record<string, unknown>;
    if (o['#operator'] === 'Let') for (const b of o.bindings as { var: string }[]) out.add(b.var);
    if (Array.isArray(o._aliases)) for (const a of o._aliases) if (typeof a === 'string') out.add(a);
    if (o['#operator'] === 'Parallel' && isOperator(o['~child'])) {
      const inner = o['~child'] as unknown as Record<string, unknown>;
      blockBound(Array.isArray(inner['~children']) ? inner['~children'] : [inner], out);
    }
  }
}

/** An expression as the reference prints a projection term: formalized on the block's alias. */
function formalText(e: Expr, alias: string, bound: ReadonlySet<string>): string {
  const f = jsonCopy(formalize(e, alias, bound), (_k, v) => (v && v.kind === 'Identifier' && v.name === KS ? { ...v, name: alias } : v));
  return exprText(f);
}

/**
 * The InitialProject fields the reference prints and the executor does not need: the result
 * terms formalized on the block's one alias (`` (`customer`.`name`) ``; as written when the
 * block has several), `discard_original` unless an ORDER BY follows, and `preserve_order` in
 * the statement's own plan (not in an expression subquery's).
 */
function decorate(op: unknown, top: boolean, alias?: string, bound: ReadonlySet<string> = new Set()): unknown {
  if (Array.isArray(op)) return op.map((x) => decorate(x, top, alias, bound));
  if (!isOperator(op)) return op;
  const o = op as unknown as Record<string, unknown>;
  const stats = nodeStats?.get(op as object);
  if (stats !== undefined) return { ...(decorate({ ...o }, top, alias, bound) as Record<string, unknown>), '#stats': stats };
  if (o['#operator'] === 'Sequence' && Array.isArray(o['~children'])) {
    const aliases = new Set<string>();
    blockAliases(o['~children'], aliases);
    const names = new Set(bound);
    blockBound(o['~children'], names);
    const a = aliases.size === 1 ? [...aliases][0] : aliases.size > 1 ? undefined : alias;
    return { ...o, '~children': o['~children'].map((c) => decorate(c, top, a, names)) };
  }
  if (o['#operator'] === 'InitialProject') {
    const terms = (o.result_terms as { expr: unknown }[]).map((t) => (alias !== undefined && isExpr(t.expr) ? { ...t, expr: markCorrelated(formalText(t.expr, alias, bound)) } : t));
    return { ...o, ...(o._bindAliases ? {} : { discard_original: true }), ...(top ? { preserve_order: true } : {}), result_terms: terms };
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) out[k] = k === '~child' || k === '~children' || k === 'first' || k === 'second' ? decorate(v, top, alias, bound) : v;
  return out;
}

/**
 * The EXPLAIN row of a statement plan: `plan`, the statement `text`, and `~subqueries` (each
 * expression subquery's plan, `correlated`, `subquery` text) when there are any. With `stats`
 * (a profiled run's `#stats` by plan node), each operator that ran carries them.
 */
export function explainPlan(p: StatementPlan, text?: string, stats?: ReadonlyMap<object, Value>): ObjectValue {
  correlatedTexts = p['~subqueries'].filter((s) => s.correlated).map((s) => s.subquery);
  nodeStats = stats;
  try {
    const out: ObjectValue = { ...(p.optimizer_hints ? { optimizer_hints: p.optimizer_hints } : {}), plan: explainOperator(decorate(p.plan, true) as Operator) };
    if (text !== undefined) out.text = text;
    if (p['~subqueries'].length) {
      out['~subqueries'] = p['~subqueries'].map((s) => marshalFields({ ...(s as unknown as Record<string, unknown>), plan: decorate(s.plan, false, undefined) }));
    }
    return out;
  } finally {
    correlatedTexts = [];
    nodeStats = undefined;
  }
}
