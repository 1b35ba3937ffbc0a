import type { Expr, SelectStatement } from '../ast/index.js';
import { printExpr, printStatement } from '../ast/print.js';
import { lookupFunction } from '../eval/functions/registry.js';
import type { ObjectValue, Value } from '../values/index.js';
import type { Operator, StatementPlan } from './plan/index.js';

/**
 * EXPLAIN: the operator tree's own JSON, as couchbase/query's `plan/*.go` MarshalJSON prints
 * it: `{"#operator": name, …fields in name order}`, child operators under `~children`,
 * `~child`, `scan`, `scans`, `first`, `second`; expressions as canonical text. Fields whose
 * name starts with `_` are the planner's notes to the executor and are not printed.
 */

/** Canonical names: function aliases print under their function's name (`HAS_TOKEN` → `contains_token`, spec §1). */
function canonicalNames<T>(node: T): T {
  return JSON.parse(JSON.stringify(node), (_k, v) =>
    v && v.kind === 'FunctionCall' && v.name !== 'meta' ? { ...v, name: lookupFunction(v.name)?.name.toLowerCase() ?? v.name } : v,
  ) as T;
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

function operatorExprText(e: Expr): string {
  let t = exprText(e);
  for (const c of correlatedTexts) if (t.includes(`(${c})`)) t = t.split(`(${c})`).join(`correlated (${c})`);
  return t;
}

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

/**
 * The EXPLAIN row of a statement plan: `plan`, the statement `text`, and `~subqueries` (each
 * expression subquery's plan, `correlated`, `subquery` text) when there are any.
 */
export function explainPlan(p: StatementPlan, text?: string): ObjectValue {
  correlatedTexts = p['~subqueries'].filter((s) => s.correlated).map((s) => s.subquery);
  try {
    const out: ObjectValue = { ...(p.optimizer_hints ? { optimizer_hints: p.optimizer_hints } : {}), plan: explainOperator(p.plan) };
    if (text !== undefined) out.text = text;
    if (p['~subqueries'].length) out['~subqueries'] = p['~subqueries'].map((s) => marshalFields(s as unknown as Record<string, unknown>));
    return out;
  } finally {
    correlatedTexts = [];
  }
}
