import type { Binding, Expr, KeyspaceRef, SelectStatement, Statement } from '../ast/index.js';
import { childrenOf, stripLoc } from '../ast/index.js';
import { notSupported } from '../errors/index.js';
import { sequenceFullName } from '../eval/index.js';
import { setFetchSubpaths, xattrSubpaths } from './xattr-subpaths.js';
import { buildDelete, buildInsert, buildUpdate } from './build-dml.js';
import { buildSelect } from './build-select.js';
import { mergeTree } from './build-merge.js';
import { selectTree } from './build-tree.js';
import { insertTree, mutationTree } from './dml-tree.js';
import { keyspaceName, type Catalog } from './catalog.js';
import { printStatementText } from './explain.js';
import { resolveWithAliases, withIsStable, type WithNames } from './build-with.js';
import { operators, sequence, type Operator, type StatementPlan, type SubqueryPlan } from './plan/index.js';
import { int64Replacer } from '../values/index.js';

/**
 * Plans a statement into its operator tree, and every expression subquery in it (EXPLAIN's
 * `~subqueries`). EXPLAIN, PREPARE and EXECUTE are handled by the engine around this.
 * Raises 12003 (unknown keyspace), 1020 (not supported).
 */
export function buildPlan(s: Statement, catalog: Catalog): StatementPlan {
  let hints: Record<string, string[]> | undefined;
  const plan = statementTree(s, catalog, (h) => (hints = h));
  const subqueries: SubqueryPlan[] = [];
  planSubqueries(plan, new Set(), catalog, subqueries);
  setFetchSubpaths([plan, subqueries], xattrSubpaths(s), s.kind === 'Select');
  return { ...(hints ? { optimizer_hints: hints } : {}), plan, '~subqueries': subqueries };
}

function statementTree(s: Statement, catalog: Catalog, onHints: (h: Record<string, string[]> | undefined) => void): Operator {
  switch (s.kind) {
    case 'Select': {
      const logical = buildSelect(resolveWithAliases(s), catalog);
      // EXPLAIN's optimizer_hints: those of the statement's block.
      if (logical.body.kind === 'Subselect') onHints(logical.body.optimizerHints);
      return selectTree(logical);
    }
    case 'Insert':
      return insertTree(buildInsert(s, catalog));
    case 'Update':
      return mutationTree(buildUpdate(s, catalog));
    case 'Delete':
      return mutationTree(buildDelete(s, catalog));
    case 'Merge':
      return mergeTree(s, catalog, onHints);
    case 'CreateIndex':
    case 'CreatePrimaryIndex':
    case 'DropIndex':
    case 'BuildIndex': {
      const name = s.kind === 'BuildIndex' ? 'BuildIndexes' : s.kind;
      return sequence([{ '#operator': name, keyspace: keyspaceName(s.keyspace), namespace: 'default', _statement: s }]);
    }
    case 'CreateSequence':
    case 'AlterSequence':
    case 'DropSequence':
      return sequence([{ '#operator': s.kind, name: sequenceFullName(s.sequence), _statement: s }]);
    case 'StartTransaction':
    case 'TransactionIsolation':
      return sequence([{ '#operator': s.kind, isolation: 1 }]);
    case 'CommitTransaction':
      return sequence([{ '#operator': 'CommitTransaction' }]);
    case 'RollbackTransaction':
      return sequence([s.savepoint !== undefined ? { '#operator': 'RollbackTransaction', savepoint: s.savepoint } : { '#operator': 'RollbackTransaction' }]);
    case 'Savepoint':
      return sequence([{ '#operator': 'Savepoint', savepoint: s.savepoint }]);
    case 'CreateFunction':
    case 'DropFunction':
      return sequence([{ '#operator': s.kind, name: printKeyspaceRef(s.name), _statement: s } as Operator]);
    case 'ExecuteFunction':
      return sequence([{ '#operator': 'ExecuteFunction', name: printKeyspaceRef(s.name), arguments: s.args, _ref: s.name }]);
    default:
      throw notSupported(`${s.kind} inside this statement`, s.loc);
  }
}

/**
 * Plans every subquery of a standalone expression — a user-defined function's body — with
 * `names` (its parameters) bound around it: a subquery that reads them is correlated.
 */
export function planExpressionSubqueries(e: Expr, names: ReadonlySet<string>, catalog: Catalog): SubqueryPlan[] {
  const out: SubqueryPlan[] = [];
  planSubqueries({ '#operator': 'Filter', condition: e }, names, catalog, out);
  return out;
}

/** `[namespace:]a.b.c` as written. */
const printKeyspaceRef = (r: KeyspaceRef): string => (r.namespace !== undefined ? `${r.namespace}:` : '') + r.path.join('.');

/** The key under which a subquery's plan is found: its position in the statement text. */
export function subqueryKey(q: SelectStatement): string {
  return q.loc ? `${q.loc.offset}:${q.loc.line}:${q.loc.column}` : JSON.stringify(stripLoc(q), int64Replacer);
}

/** Every identifier name an AST (sub)tree reads, subqueries included (`FROM w` of a WITH alias `w` too). */
function identifiers(node: unknown, out: Set<string>, withs: WithNames = new Map(), isKeyspace: (name: string) => boolean = () => false): Set<string> {
  if (Array.isArray(node)) for (const x of node) identifiers(x, out, withs, isKeyspace);
  else if (node && typeof node === 'object') {
    const o = node as Record<string, unknown>;
    if (o.kind === 'Identifier' && typeof o.name === 'string') out.add(o.name);
    if (o.kind === 'KeyspaceTerm') {
      // A FROM term may name an outer value: a path (`t.items`), a WITH name, or a bare name that
      // is no keyspace (an outer LET variable, a user-defined function's parameter).
      const path = (o.keyspace as { path: string[] }).path;
      if (path.length > 1 || withs.has(path[0]) || !isKeyspace(path[0])) out.add(path[0]);
    }
    for (const [k, v] of Object.entries(o)) if (k !== 'loc') identifiers(v, out, withs, isKeyspace);
  }
  return out;
}

/** Names a (sub)query binds itself: FROM aliases, UNNEST aliases, LET and LETTING variables. */
function ownNames(node: unknown, out: Set<string>): Set<string> {
  if (Array.isArray(node)) for (const x of node) ownNames(x, out);
  else if (node && typeof node === 'object') {
    const o = node as Record<string, unknown>;
    if (o.kind === 'KeyspaceTerm') {
      const ref = o.keyspace as { alias?: string; path: string[] };
      out.add(ref.alias ?? ref.path[ref.path.length - 1]);
    }
    if ((o.kind === 'ExpressionTerm' || o.kind === 'UnnestTerm') && typeof o.alias === 'string') out.add(o.alias);
    if (Array.isArray(o.let)) for (const l of o.let as { name: string }[]) out.add(l.name);
    for (const [k, v] of Object.entries(o)) if (k !== 'loc') ownNames(v, out);
  }
  return out;
}

/** Plans each Subquery met in `e` (not inside another subquery), with the names bound around it. */
function subqueriesOf(e: Expr, names: ReadonlySet<string>, visit: (q: SelectStatement, names: ReadonlySet<string>) => void): void {
  if (e.kind === 'Subquery') return visit(e.query, names);
  if (e.kind === 'Collection' || e.kind === 'ArrayFor' || e.kind === 'ObjectFor') {
    const inner = new Set(names);
    e.bindings.forEach((b: Binding) => {
      subqueriesOf(b.expr, inner, visit);
      inner.add(b.variable);
      if (b.nameVariable) inner.add(b.nameVariable);
    });
    const rest = childrenOf(e).slice(e.bindings.length);
    for (const c of rest) subqueriesOf(c, inner, visit);
    return;
  }
  for (const c of childrenOf(e)) subqueriesOf(c, names, visit);
}

const isExpr = (v: unknown): v is Expr => !!v && typeof v === 'object' && typeof (v as { kind?: unknown }).kind === 'string' && !('#operator' in (v as object));

/** Every expression held by an operator's own fields (not its child operators). */
function operatorExprs(op: Operator): Expr[] {
  const out: Expr[] = [];
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(visit);
    else if (isExpr(v)) out.push(v);
    else if (v && typeof v === 'object' && !('#operator' in (v as object))) Object.values(v).forEach(visit);
  };
  for (const [k, v] of Object.entries(op)) {
    if (k === '#operator' || k === '~children' || k === '~child' || k === 'scan' || k === 'scans' || k === 'first' || k === 'second' || k === '_statement') continue;
    visit(v);
  }
  return out;
}

/** The names an operator binds for the operators after it. */
function boundBy(op: Operator): string[] {
  switch (op['#operator']) {
    case 'Fetch':
      return [op.as ?? op.keyspace];
    case 'IndexScan3':
      return op._coverPaths ? [op._alias] : [];
    case 'ExpressionScan':
      return [op.alias];
    case 'Alias':
      return [op.as];
    case 'Unnest':
      return [op.as];
    case 'Join':
    case 'Nest':
      return [op._alias];
    case 'IndexJoin':
    case 'IndexNest':
      return [op.as];
    case 'NestedLoopJoin':
    case 'NestedLoopNest':
      return [op.alias];
    case 'HashJoin':
      return [op._alias];
    case 'HashNest':
      return [op.build_alias];
    case 'Let':
      return op.bindings.map((b) => b.var);
    case 'FinalGroup':
      return [...(op._aliases ?? []).filter((a): a is string => a !== null), ...(op._group_as !== undefined ? [op._group_as] : [])];
    case 'InitialProject':
      return op.result_terms.flatMap((t) => (t.as ? [t.as] : []));
    case 'SendInsert':
    case 'SendUpsert':
    case 'SendUpdate':
    case 'SendDelete':
      return [op.alias];
    case 'Merge':
      return [op._alias];
    default:
      return [];
  }
}

/**
 * Walks a tree in execution order, keeping the names bound so far (those of enclosing queries
 * first), and plans every expression subquery (nested ones included) into `out`.
 */
function planSubqueries(tree: Operator, outer: ReadonlySet<string>, catalog: Catalog, out: SubqueryPlan[], outerWiths: WithNames = new Map()): void {
  const names = new Set(outer);
  let withs = outerWiths;
  // The names a hash join's inner side sees: the enclosing ones (and those of a WITH around it).
  let base: ReadonlySet<string> = outer;
  const walk = (op: Operator, names: Set<string>): void => {
    if (op['#operator'] === 'With') {
      // Each binding sees the ones before it; a recursive clause also its own alias, bound to
      // the previous level's rows (so it runs again for each level: correlated).
      const stable = withIsStable(names, withs);
      const inner = new Set(names);
      const innerWiths = new Map(withs);
      for (const b of op.bindings) {
        const seen = new Map(innerWiths);
        subqueriesOf(b.expr, inner, (q, n) => plan(q, n, seen));
        if (b.rexpr) {
          const own = new Map(innerWiths).set(b.alias, false);
          subqueriesOf(b.rexpr, new Set([...inner, b.alias]), (q, n) => plan(q, n, own, true));
        }
        inner.add(b.alias);
        innerWiths.set(b.alias, stable);
      }
      const saved = { withs, base };
      withs = innerWiths;
      base = new Set(inner);
      walk(op['~child'], inner);
      ({ withs, base } = saved);
      return;
    }
    // A Merge's filters see its target alias (a subquery reading it is correlated).
    const seen = op['#operator'] === 'Merge' ? new Set([...names, op._alias]) : names;
    for (const e of operatorExprs(op)) subqueriesOf(e, seen, (q, n) => plan(q, n, withs));
    switch (op['#operator']) {
      case 'Sequence':
        op['~children'].forEach((c, i, all) => {
          // A FROM subquery's plan (followed by its Alias) sees the enclosing names only.
          walk(c, all[i + 1]?.['#operator'] === 'Alias' ? new Set(names) : names);
        });
        break;
      case 'Parallel':
      case 'NestedLoopJoin':
      case 'NestedLoopNest':
        walk(op['~child'], names);
        break;
      case 'HashJoin':
      case 'HashNest':
        walk(op['~child'], new Set(base));
        break;
      case 'UnionAll':
        for (const c of op['~children']) walk(c, new Set(names));
        break;
      case 'IntersectAll':
      case 'ExceptAll':
        walk(op.first, new Set(names));
        walk(op.second, new Set(names));
        break;
      case 'DistinctScan':
        walk(op.scan, names);
        break;
      case 'Merge':
        // Its branches see the target alias beside the names bound before it.
        for (const c of [op.update, op.delete, op.insert]) if (c) walk(c, new Set([...names, op._alias]));
        break;
      case 'IntersectScan':
      case 'OrderedIntersectScan':
      case 'UnionScan':
        for (const c of op.scans) walk(c, names);
        break;
    }
    for (const n of boundBy(op)) names.add(n);
  };
  const plan = (q: SelectStatement, bound: ReadonlySet<string>, qWiths: WithNames, forceCorrelated = false): void => {
    const key = subqueryKey(q);
    if (out.some((s) => s._at === key)) return;
    const tree = selectTree(buildSelect(q, catalog, bound, qWiths));
    const own = ownNames(q, new Set());
    // A statement-wide WITH alias does not make a subquery correlated (the reference's flag).
    const correlated = forceCorrelated || [...identifiers(q, new Set(), qWiths, (n) => catalog.hasKeyspace(n))].some((n) => bound.has(n) && !own.has(n) && qWiths.get(n) !== true);
    out.push({ _at: key, correlated, plan: tree, subquery: printStatementText(q) });
    planSubqueries(tree, bound, catalog, out, qWiths);
  };
  walk(tree, names);
}

/** The operators of a statement plan (its subqueries' included). */
export function* planOperators(p: StatementPlan): Generator<Operator> {
  yield* operators(p.plan);
  for (const s of p['~subqueries']) yield* operators(s.plan);
}
