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

/** The reference's form of a comparison: `a > b` is `b < a`, `a >= b` is `b <= a` (its parser builds them so). */
const LESS: Record<string, string> = { '>': '<', '>=': '<=' };

/**
 * Canonical names and forms: function aliases print under their function's name (`HAS_TOKEN` →
 * `contains_token`, spec §1), and `>` / `>=` as `<` / `<=` with the operands swapped, as the
 * reference prints every expression (couchbase/query `expression/comp_gt.go`: NewGT is NewLT).
 */
function canonicalNames<T>(node: T): T {
  return jsonCopy(node, (_k, v) => {
    if (v && v.kind === 'FunctionCall' && v.name !== 'meta') return { ...v, name: lookupFunction(v.name)?.name.toLowerCase() ?? v.name };
    if (v && v.kind === 'Binary' && LESS[v.op]) return { ...v, op: LESS[v.op], left: v.right, right: v.left };
    return v;
  });
}

/** `e` in the reference's comparison form (`a > b` as `b < a`): for matching a query's conjunct with an index's condition. */
export const lessThanForm = (e: Expr): Expr => canonicalNames(e);

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
    const d = c as unknown as Record<string, unknown>;
    // A DistinctScan's alias is its scan's.
    const o = d['#operator'] === 'DistinctScan' && isOperator(d.scan) ? (d.scan as unknown as Record<string, unknown>) : d;
    if (typeof o.keyspace === 'string') out.add(typeof o.as === 'string' ? o.as : o.keyspace);
    else if (typeof o.as === 'string') out.add(o.as);
    // The inner alias of a nested-loop or hash join or nest.
    const op = o['#operator'];
    if ((op === 'NestedLoopJoin' || op === 'NestedLoopNest') && typeof o.alias === 'string') out.add(o.alias);
    if (op === 'HashJoin' && typeof o._alias === 'string') out.add(o._alias);
    if (op === 'HashNest' && typeof o.build_alias === 'string') out.add(o.build_alias);
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
    // A covering UNNEST scan binds its UNNEST alias too.
    const cu = o._coverUnnest as { alias?: unknown; fields?: { alias?: unknown }[] } | undefined;
    if (o['#operator'] === 'IndexScan3' && typeof cu?.alias === 'string') out.add(cu.alias);
    if (o['#operator'] === 'IndexScan3') for (const f of cu?.fields ?? []) if (typeof f.alias === 'string') out.add(f.alias);
    if (o['#operator'] === 'Parallel' && isOperator(o['~child'])) {
      const inner = o['~child'] as unknown as Record<string, unknown>;
      blockBound(Array.isArray(inner['~children']) ? inner['~children'] : [inner], out);
    }
  }
}

/**
 * `e` with each sub-expression whose text is one of `covered` (the key texts of the block's
 * covering scan, `` (`t`.`f1`) ``) replaced by a read of that key, printed `cover ((`t`.`f1`))`
 * as the reference prints expressions a covering index answers. Subqueries are left alone.
 */
function withCovers(e: Expr, covered: ReadonlySet<string>): Expr {
  if (covered.size === 0) return e;
  const visit = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(visit);
    if (v === null || typeof v !== 'object') return v;
    const node = v as Record<string, unknown>;
    if (node.kind === 'Subquery') return v;
    if (typeof node.kind === 'string') {
      const t = exprText(node as unknown as Expr);
      if (covered.has(t)) return { kind: 'Field', target: { kind: 'Identifier', name: KS }, name: t, coveredKey: t };
    }
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(node)) out[k] = k === 'loc' ? x : visit(x);
    return out;
  };
  return visit(e) as Expr;
}

/**
 * The key texts the covering scans among a block's operators answer (`covers` without
 * `cover (…)`): its first covering scan's, and a covered index join's.
 */
function coveredTexts(children: readonly unknown[]): Set<string> | undefined {
  let out: Set<string> | undefined;
  const add = (covers: unknown) => {
    out ??= new Set();
    for (const s of covers as string[]) out.add(s.slice('cover ('.length, -1));
  };
  let scanned = false;
  for (const c of children) {
    if (!isOperator(c)) continue;
    const o = c as unknown as Record<string, unknown>;
    const scan = (o['#operator'] === 'DistinctScan' ? o.scan : o) as Record<string, unknown>;
    if (!scanned && scan['#operator'] === 'IndexScan3' && Array.isArray(scan.covers)) {
      add(scan.covers);
      scanned = true;
    }
    const joinScan = o['#operator'] === 'IndexJoin' ? (o.scan as Record<string, unknown>) : undefined;
    if (joinScan && Array.isArray(joinScan.covers)) add(joinScan.covers);
  }
  return out;
}

/** What a block's operators print with: its one alias (if one), the names it binds, its covered key texts. */
interface BlockView {
  alias?: string;
  bound: ReadonlySet<string>;
  covered: ReadonlySet<string>;
  /** The block's aliases, which a Parallel inside it sees too. */
  aliases: ReadonlySet<string>;
}

/** An operator expression as the reference prints it in a block: formalized on its one alias, covered keys as `cover (…)`. */
function blockText(e: Expr, v: BlockView): unknown {
  const formal = v.alias !== undefined ? formalize(e, v.alias, v.bound) : e;
  const f = v.alias !== undefined ? jsonCopy(formal, (_k, x) => (x && x.kind === 'Identifier' && x.name === KS ? { ...x, name: v.alias } : x)) : formal;
  return markCorrelated(exprText(withCovers(f, v.covered)));
}

/**
 * The fields the reference prints and the executor does not need: InitialProject's result
 * terms, a Filter's condition, an Unnest's expression and a lookup Join's keys formalized on the
 * block's one alias (`` (`customer`.`name`) ``; as written when the block has several), with
 * the keys of a covering scan as `cover (…)`; `discard_original` unless an ORDER BY follows, and
 * `preserve_order` in the statement's own plan (not in an expression subquery's).
 */
function decorate(op: unknown, top: boolean, view: BlockView = { bound: new Set(), covered: new Set(), aliases: new Set() }, inBlock = false): unknown {
  if (Array.isArray(op)) return op.map((x) => decorate(x, top, view, inBlock));
  if (!isOperator(op)) return op;
  const o = op as unknown as Record<string, unknown>;
  const stats = nodeStats?.get(op as object);
  if (stats !== undefined) return { ...(decorate({ ...o }, top, view, inBlock) as Record<string, unknown>), '#stats': stats };
  if (o['#operator'] === 'Sequence' && Array.isArray(o['~children'])) {
    // A Parallel's Sequence belongs to the block around it: it sees the block's aliases too.
    const aliases = new Set<string>(inBlock ? view.aliases : []);
    blockAliases(o['~children'], aliases);
    const names = new Set(view.bound);
    blockBound(o['~children'], names);
    const alias = aliases.size === 1 ? [...aliases][0] : aliases.size > 1 ? undefined : view.alias;
    const own = coveredTexts(o['~children']);
    const covered = inBlock && own ? new Set([...view.covered, ...own]) : (own ?? (inBlock ? view.covered : new Set<string>()));
    const inner: BlockView = { alias, bound: names, covered, aliases };
    return { ...o, '~children': o['~children'].map((c) => decorate(c, top, inner)) };
  }
  const text = (e: unknown) => (isExpr(e) ? blockText(e, view) : e);
  switch (o['#operator']) {
    case 'InitialProject': {
      const terms = (o.result_terms as { expr: unknown }[]).map((t) => (view.alias !== undefined || view.covered.size ? { ...t, expr: text(t.expr) } : t));
      return { ...o, ...(o._bindAliases ? {} : { discard_original: true }), ...(top ? { preserve_order: true } : {}), result_terms: terms };
    }
    case 'Filter':
      return { ...o, condition: text(o.condition) };
    case 'Unnest':
      return { ...o, expr: text(o.expr) };
    case 'Join':
      return { ...o, on_keys: text(o.on_keys) };
    case 'IndexJoin':
      return { ...o, on_key: text(o.on_key) };
    case 'IndexScan3': {
      const out: Record<string, unknown> = o.filter ? { ...o, filter: text(o.filter) } : { ...o };
      // Index aggregates' expressions as the reference prints them: formalized on the alias.
      const ga = o.index_group_aggs as { group?: { expr: Expr }[]; aggregates?: { expr: Expr }[] } | undefined;
      if (ga) {
        const plain: BlockView = { ...view, covered: new Set() };
        const withText = <T extends { expr: Expr }>(xs?: T[]) => xs?.map((x) => ({ ...x, expr: blockText(x.expr, plain) }));
        out.index_group_aggs = { ...ga, ...(ga.group ? { group: withText(ga.group) } : {}), ...(ga.aggregates ? { aggregates: withText(ga.aggregates) } : {}) };
      }
      return out;
    }
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) {
    if (k === '~child' && o['#operator'] === 'Parallel') out[k] = decorate(v, top, view, true);
    else out[k] = k === '~child' || k === '~children' || k === 'first' || k === 'second' ? decorate(v, top, { ...view, covered: new Set(), aliases: new Set() }) : v;
  }
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
      out['~subqueries'] = p['~subqueries'].map((s) => marshalFields({ ...(s as unknown as Record<string, unknown>), plan: decorate(s.plan, false) }));
    }
    return out;
  } finally {
    correlatedTexts = [];
    nodeStats = undefined;
  }
}
