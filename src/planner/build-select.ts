import { implicitName } from '../ast/index.js';
import type { Expr, ExpressionTerm, KeyspaceTerm, OrderTerm, ResultTerm, SelectBody, SelectStatement, Subselect } from '../ast/index.js';
import { ErrorCode, QueryError } from '../errors/index.js';
import { keyspaceAlias, primaryIndexId, primaryIndexName, resolveKeyspace, type Catalog } from './catalog.js';
import { tokenOptionMismatches } from './token-option-mismatch.js';
import { chooseScan } from './choose-scan.js';
import { exprEquivalent } from '../semantic/expr-equivalent.js';
import { formalize, outerBound } from '../semantic/formalize.js';
import { hasAggregate } from '../semantic/index.js';
import { pushDownOrder } from './order-pushdown.js';
import { applyCovering } from './cover.js';
import { applyIntersectScan } from './intersect-scans.js';
import { applyUnnestCovering, applyUnnestEntryFilter } from './cover-unnest.js';
import { applyNestedUnnestCovering } from './cover-unnest-nested.js';
import { coverIndexJoins } from './cover-index-join.js';
import type { FromStepPlan, ScanPlan, SelectBodyPlan, SelectPlan, SourcePlan, SubselectPlan, UnnestPlan } from './logical-plan.js';
import { flattenFrom, planJoin, restorePlaceholders, termAlias, withOuterPlaceholders, type FlatFrom, type JoinContext } from './build-joins.js';
import { derivedNotNull } from './derive-not-null.js';
import { aggregateConstraint } from './aggregate-constraint.js';
import { unnestImplied } from './unnest-sarg.js';
import { preJoinConjuncts } from './join-keys.js';
import { BlockHints } from './hints.js';
import type { IndexInfo } from './catalog.js';
import { buildWith, markUncorrelated, resolveWithTerms, type WithNames } from './build-with.js';


function duplicateAlias(name: string, e: { loc?: import('../errors/index.js').SourcePosition }): QueryError {
  return new QueryError({ code: ErrorCode.DUPLICATE_ALIAS, phase: 'semantic', message: `Duplicate alias ${name}`, position: e.loc });
}

function termsHaveAggregate(terms: ResultTerm[]): boolean {
  return terms.some((t) => t.kind !== 'Star' && hasAggregate(t.expr));
}

function unnestAlias(e: Expr): string {
  if (e.kind === 'Identifier') return e.name;
  if (e.kind === 'Field') return e.name;
  throw new QueryError({ code: ErrorCode.SYNTAX, phase: 'semantic', message: 'UNNEST of an expression needs an alias (AS name)', position: e.loc });
}

/**
 * A keyspace term that names a path into an outer query's alias (`FROM t.reviews AS r` in a
 * correlated subquery, `t` bound outside): the expression term it is in N1QL, else undefined.
 * @throws QueryError 3000 for such a term with USE KEYS
 */
function correlatedTerm(base: KeyspaceTerm, outerNames: ReadonlySet<string>, catalog: Catalog): ExpressionTerm | undefined {
  const ref = base.keyspace;
  // A bare name that is a keyspace stays a keyspace (`FROM t AS u` inside a query over `t`
  // reads the keyspace); one that is only an outer alias (`FROM s AS s1` over `shellTest s`)
  // reads that alias's value.
  if (ref.namespace !== undefined || !outerNames.has(ref.path[0])) return undefined;
  if (ref.path.length < 2 && catalog.hasKeyspace(ref.path[0])) return undefined;
  if (base.useKeys) throw new QueryError({ code: ErrorCode.SYNTAX, phase: 'semantic', message: `USE KEYS on ${ref.path.join('.')}, which is not a keyspace but a path of an outer alias`, position: base.loc });
  let expr: Expr = { kind: 'Identifier', name: ref.path[0], loc: ref.loc };
  for (const name of ref.path.slice(1)) expr = { kind: 'Field', target: expr, name, loc: ref.loc };
  return { kind: 'ExpressionTerm', expr, alias: ref.alias ?? ref.path[ref.path.length - 1], loc: base.loc };
}

function buildSource(
  from: KeyspaceTerm | ExpressionTerm | undefined,
  catalog: Catalog,
  where: Expr | undefined,
  bound: ReadonlySet<string>,
  outerNames: ReadonlySet<string>,
  hints: BlockHints,
  withs: WithNames = new Map(),
  steps: FlatFrom['steps'] = [],
  aggregated?: Expr[],
): { source: SourcePlan; alias?: string } {
  if (!from) return { source: { op: 'DummyScan' } };
  const base = (from.kind === 'KeyspaceTerm' && correlatedTerm(from, outerNames, catalog)) || from;
  if (base.kind === 'ExpressionTerm') {
    // Without AS, a path names its term by its last step (`FROM {…}.p` is `p`), as the reference does.
    const alias = base.alias ?? implicitName(base.expr);
    if (!alias) throw new QueryError({ code: ErrorCode.SYNTAX, phase: 'semantic', message: 'FROM expression needs an alias (AS name)', position: base.loc });
    if (base.expr.kind === 'Subquery') return { source: { op: 'SubqueryScan', query: buildSelect(base.expr.query, catalog, outerNames, withs), alias }, alias };
    return { source: { op: 'ExpressionScan', expr: base.expr, alias }, alias };
  }
  const ks = resolveKeyspace(base.keyspace, catalog);
  const alias = keyspaceAlias(base.keyspace);
  if (ks.system) {
    if (base.useKeys) throw new QueryError({ code: ErrorCode.NOT_SUPPORTED, phase: 'plan', message: 'USE KEYS on system keyspaces is not supported', position: base.loc });
    return { source: { op: 'SystemScan', keyspace: ks.system, alias }, alias };
  }
  const scanBound = new Set([...outerBound(outerNames, alias), ...bound]);
  const { usable, report } = hints.indexes(alias, catalog.indexes?.(ks.name) ?? [], base.useIndex, catalog);
  // The inner joins' ON clauses imply their keys of this term are not NULL: an index on one may serve the scan.
  // Its inner UNNESTs imply their arrays are non-empty and an element satisfies their WHERE conjuncts.
  const derived = [...derivedNotNull(alias, steps, catalog.indexes?.(ks.name) ?? []), ...unnestImplied(alias, steps, where), ...(aggregated ?? [])];
  const scanWhere = derived.length ? [...(where ? [where] : []), ...derived].reduce((l, r): Expr => ({ kind: 'Binary', op: 'AND', left: l, right: r })) : where;
  // In a subquery, the parts of WHERE that read only the enclosing queries' names are values
  // known before the scan (per outer row), so they may bound spans, as a join's ON clause does.
  const outerOnly = new Set([...outerBound(outerNames, alias)].filter((n) => !bound.has(n)));
  const taken: Expr[] = [];
  const sargWhere = scanWhere && outerOnly.size ? withOuterPlaceholders(scanWhere, outerOnly, taken) : scanWhere;
  const source = keyspaceSource(ks.name, alias, base.useKeys, sargWhere, catalog, scanBound, !!base.validateKeys, usable, report);
  return { source: taken.length && source.op === 'IndexScan' ? { ...source, scan: restorePlaceholders(source.scan, taken) } : source, alias };
}

/**
 * The scan of a keyspace term: USE KEYS → KeyScan; a sargable WHERE → IndexScan (spec §10);
 * otherwise the primary index or the implicit sequential scan (PrimaryScan3), so a query
 * never fails for lack of an index. `bound`: the names that are not fields of the keyspace
 * (the block's UNNEST aliases and LET variables, and in a subquery the enclosing queries' names).
 */
export function keyspaceSource(
  name: string,
  alias: string,
  useKeys: Expr | undefined,
  where: Expr | undefined,
  catalog: Catalog,
  bound: ReadonlySet<string> = new Set(),
  validate = false,
  usable?: IndexInfo[],
  onScan?: (scan: ScanPlan | undefined) => void,
): SourcePlan {
  if (useKeys) return { op: 'KeyScan', keyspace: name, namespace: 'default', alias, keys: useKeys, ...(validate ? { validate: true } : {}) };
  const indexes = usable ?? catalog.indexes?.(name) ?? [];
  const scan = chooseScan(where, alias, indexes, bound);
  if (catalog.warn) for (const w of tokenOptionMismatches(where, alias, indexes, bound)) catalog.warn(w);
  onScan?.(scan);
  if (scan) return { op: 'IndexScan', keyspace: name, namespace: 'default', alias, scan };
  const indexId = primaryIndexId(catalog, name);
  return { op: 'PrimaryScan3', keyspace: name, namespace: 'default', alias, index: primaryIndexName(catalog, name), ...(indexId ? { indexId } : {}) };
}

/**
 * Plans one SELECT block: source scan, UNNESTs, LET, WHERE, grouping (when there is a GROUP BY
 * or an aggregate in the projection, HAVING or the block's ORDER BY), projection. The semantic
 * phase has checked the block (src/semantic/analyze.ts). Raises 12003 for unknown keyspaces.
 */
export function buildSubselect(s: Subselect, catalog: Catalog, orderHasAggregate: boolean, outerNames: ReadonlySet<string> = new Set(), withs: WithNames = new Map()): SubselectPlan {
  const flat = s.from ? flattenFrom(resolveWithTerms(s.from, withs)) : undefined;
  // Every alias a step binds is a name, not a field of the first keyspace, to its scan.
  const stepAliases = (flat?.steps ?? []).map((st) => (st.kind === 'UnnestTerm' ? (st.alias ?? unnestAlias(st.expr)) : termAlias(st.right)));
  const bound = new Set([...stepAliases, ...(s.let ?? []).map((l) => l.name)]);
  const hints = new BlockHints(s.hints);
  // An aggregate block's `x IS NOT NULL` (aggregate-constraint.ts) may choose an index led by x.
  const aggregated = aggregateConstraint(s.projection, !!s.groupBy, orderHasAggregate);
  const { source, alias } = buildSource(flat?.base, catalog, s.where, bound, outerNames, hints, withs, flat?.steps, aggregated);
  const seen = new Set<string>();
  const aliases: string[] = [];
  const available: string[] = [];
  if (alias) {
    seen.add(alias);
    available.push(alias);
    if (source.op === 'PrimaryScan3' || source.op === 'KeyScan' || source.op === 'IndexScan') aliases.push(alias);
  }
  const steps: FromStepPlan[] = [];
  const jc: JoinContext = {
    catalog,
    outerNames,
    where: s.where,
    hints,
    buildSubquery: (q, names) => buildSelect(q, catalog, names, withs),
  };
  for (const st of flat?.steps ?? []) {
    if (st.kind === 'UnnestTerm') {
      const u: UnnestPlan = { op: 'Unnest', expr: st.expr, alias: st.alias ?? unnestAlias(st.expr), outer: st.outer };
      if (seen.has(u.alias)) throw duplicateAlias(u.alias, u.expr);
      seen.add(u.alias);
      available.push(u.alias);
      steps.push(u);
      continue;
    }
    const j = planJoin(st, available, steps, jc);
    if (seen.has(j.alias)) throw duplicateAlias(j.alias, st.right);
    seen.add(j.alias);
    available.push(j.alias);
    if ('keyspace' in j || j.op.startsWith('NestedLoop') || j.op.startsWith('Hash')) {
      const inner = 'inner' in j ? j.inner : undefined;
      if (!inner || inner.op === 'PrimaryScan3' || inner.op === 'KeyScan' || inner.op === 'IndexScan') aliases.push(j.alias);
    }
    steps.push(j);
  }
  // Before a join or UNNEST, the first term's rows are filtered by the WHERE conjuncts that read only it.
  const pre = alias && steps.length > 0 ? preJoinConjuncts(s.where, alias, outerNames, new Set([...bound])) : [];
  const preFilter = pre.length ? pre.reduce((l, r): Expr => ({ kind: 'Binary', op: 'AND', left: l, right: r })) : undefined;
  const grouped = !!s.groupBy || termsHaveAggregate(s.projection) || orderHasAggregate;
  const plan: SubselectPlan = {
    kind: 'Subselect',
    source,
    aliases,
    steps,
    ...(preFilter ? { preFilter } : {}),
    ...(hints.explain() ? { optimizerHints: hints.explain() } : {}),
    let: s.let,
    where: s.where,
    group: grouped
      ? {
          keys: s.groupBy?.keys ?? [],
          letting: s.groupBy?.letting,
          having: s.groupBy?.having,
          ...(s.groupBy?.groupAs !== undefined ? { groupAs: { name: s.groupBy.groupAs, fields: available } } : {}),
        }
      : undefined,
    distinct: s.distinct,
    raw: s.raw,
    terms: s.projection,
    ast: s,
    ...(outerNames.size ? { outerNames: [...outerNames] } : {}),
  };
  markUncorrelated(plan, withs);
  return plan;
}

function buildBody(b: SelectBody, catalog: Catalog, orderHasAggregate: boolean, outerNames: ReadonlySet<string>, withs: WithNames): SelectBodyPlan {
  if (b.with) {
    const w = buildWith(b.with, outerNames, withs);
    const inner = buildBody({ ...b, with: undefined }, catalog, orderHasAggregate, w.names, w.withs);
    return { ...inner, with: { recursive: b.with.recursive, bindings: w.bindings } };
  }
  if (b.kind === 'Subselect') return buildSubselect(b, catalog, orderHasAggregate, outerNames, withs);
  return { kind: 'SetOp', op: b.op, all: b.all, left: buildBody(b.left, catalog, false, outerNames, withs), right: buildBody(b.right, catalog, false, outerNames, withs) };
}

/**
 * Plans a SELECT statement (set operations, ORDER BY, OFFSET, LIMIT included).
 * @param outerNames for a subquery, the names the enclosing query binds: a FROM term that starts
 *   with one of them is a path of that alias (a correlated subquery), not a keyspace
 * @param withs the WITH aliases in scope (build-with.ts): a FROM term naming one reads its value
 */
export function buildSelect(s: SelectStatement, catalog: Catalog, outerNames: ReadonlySet<string> = new Set(), withs: WithNames = new Map()): SelectPlan {
  const orderAgg = (s.orderBy ?? []).some((o) => hasAggregate(o.expr));
  let withPlan: SelectPlan['with'];
  if (s.with) {
    // The body sees the WITH aliases as names bound around it (not fields of its keyspace).
    const w = buildWith(s.with, outerNames, withs);
    withPlan = { recursive: s.with.recursive, bindings: w.bindings };
    outerNames = w.names;
    withs = w.withs;
  }
  const plan: SelectPlan = { kind: 'Select', ...(withPlan ? { with: withPlan } : {}), body: buildBody(s.body, catalog, orderAgg, outerNames, withs), orderBy: s.orderBy, offset: s.offset, limit: s.limit };
  if (!orderReadsOuterNames(plan, outerNames)) pushDownOrder(plan, catalog);
  if (!applyUnnestCovering(plan, catalog, outerNames) && !applyNestedUnnestCovering(plan, catalog, outerNames)) applyCovering(plan, catalog, outerNames);
  applyIntersectScan(plan, catalog, outerNames);
  coverIndexJoins(plan, catalog, outerNames);
  applyUnnestEntryFilter(plan, catalog, outerNames);
  return plan;
}

/**
 * True if an ORDER BY term of a single-block subquery reads a name an enclosing query binds
 * (`ORDER BY v, a` under an outer `LET v`): the evaluator sorts by the outer value (one constant
 * per execution), so the term is not the inner keyspace's index key of the same name, and the
 * index order must not stand in for the sort (nor a LIMIT be pushed into the scan).
 */
function orderReadsOuterNames(plan: SelectPlan, outerNames: ReadonlySet<string>): boolean {
  const b = plan.body;
  if (b.kind !== 'Subselect' || !plan.orderBy?.length || outerNames.size === 0 || b.source.op === 'DummyScan') return false;
  const alias = b.source.alias;
  const outer = outerBound(outerNames, alias);
  return plan.orderBy.some((o) => !exprEquivalent(formalize(o.expr, alias), formalize(o.expr, alias, outer)));
}
