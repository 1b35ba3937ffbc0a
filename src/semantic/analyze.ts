import type { Expr, FromTerm, OrderTerm, ResultTerm, SelectStatement, Statement, Subselect } from '../ast/index.js';
import { implicitName, someExpr, walkExpr } from '../ast/index.js';
import { ErrorCode, QueryError, type SourcePosition } from '../errors/index.js';
import { isAggregateName } from '../eval/index.js';
import { checkGroupedBlock } from './group-check.js';
import { checkNameBinding } from './name-binding.js';
import { checkWiths } from './with-check.js';
import { checkWindows } from './window-check.js';
import { checkOrderParameters } from './order-parameters.js';

/**
 * The semantic phase (between parsing and planning): the checks of every SELECT block of a
 * statement, its subqueries' included, with the reference's codes (couchbase/query
 * `semantics/` and `algebra/`):
 * - an UNNEST alias that repeats the FROM alias or another UNNEST's (4020 "Duplicate UNNEST
 *   alias 'x'"), a LET or LETTING variable already bound (3081 "Duplicate variable: 'x' already
 *   in scope."), two result terms with one name, implicit ones included (`SELECT a, ks.a`:
 *   3000 "Duplicate result alias 'a'.");
 * - aggregates only where they are allowed: not in WHERE, LET or GROUP BY (4000 "Aggregates not
 *   allowed in WHERE."), not nested (4000 "Nested aggregates are not allowed.");
 * - a grouped block reads documents only through group keys and aggregates (4210);
 * - RAW/ELEMENT/VALUE take exactly one expression (3000).
 * - name binding (name-binding.ts): an unqualified name nothing binds in a block with several
 *   FROM terms is ambiguous (3080).
 * Resolving a name to its value is the evaluator's scope at compile time (the same rules), and
 * the planner's for correlated FROM terms.
 */
export function analyze(s: Statement): void {
  checkWiths(s);
  for (const { block, orderBy } of selectBlocks(s)) checkBlock(block, orderBy);
  // DML's RETURNING names its results as a projection does.
  if ((s.kind === 'Insert' || s.kind === 'Update' || s.kind === 'Delete' || s.kind === 'Merge') && s.returning) checkResultAliases(s.returning.terms);
  checkNameBinding(s);
  checkOrderParameters(s);
}

const semanticError = (code: number, message: string, loc: SourcePosition | undefined) => new QueryError({ code, phase: 'semantic', message, position: loc });

/** The reference's message with its position: `text (near line 1, column 8)` + `end`. */
export function near(text: string, loc: SourcePosition | undefined, end = '.'): string {
  return loc ? `${text} (near line ${loc.line}, column ${loc.column})${end}` : `${text}${end}`;
}

/** An aggregate where none is allowed (WHERE, LET, GROUP BY): 4000 "Aggregates not allowed in WHERE.". */
function noAggregates(e: Expr | undefined, clause: string): void {
  // The reference gives the position for WHERE only.
  if (e && hasAggregate(e)) throw semanticError(ErrorCode.PLAN, clause === 'WHERE' ? near(`Aggregates not allowed in ${clause}`, e.loc) : `Aggregates not allowed in ${clause}.`, e.loc);
}

/** An aggregate inside another's argument: 4000 "Nested aggregates are not allowed.". */
function noNestedAggregates(e: Expr): void {
  walkExpr(e, (x) => {
    if (x.kind === 'FunctionCall' && isAggregateName(x.name) && !x.over) {
      if (x.args.some(hasAggregate)) throw semanticError(ErrorCode.PLAN, near('Nested aggregates are not allowed', x.loc), x.loc);
      return false;
    }
    return true;
  });
}

/** True if the expression calls an aggregate outside any subquery. */
export function hasAggregate(e: Expr): boolean {
  return someExpr(e, (x) => x.kind === 'FunctionCall' && isAggregateName(x.name) && !x.over);
}

/** Every SELECT block of a statement (subqueries included), with the ORDER BY that applies to it alone. */
function* selectBlocks(node: unknown): Generator<{ block: Subselect; orderBy?: OrderTerm[] }> {
  if (Array.isArray(node)) {
    for (const x of node) yield* selectBlocks(x);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const o = node as Record<string, unknown>;
  if (o.kind === 'Select' && (o as unknown as SelectStatement).body.kind === 'Subselect') {
    const sel = o as unknown as SelectStatement;
    yield* selectBlocks(sel.with);
    yield { block: sel.body as Subselect, orderBy: sel.orderBy };
    for (const [k, v] of Object.entries(sel.body)) if (k !== 'loc') yield* selectBlocks(v);
    for (const k of ['orderBy', 'limit', 'offset'] as const) yield* selectBlocks(sel[k]);
    return;
  }
  if (o.kind === 'Subselect') yield { block: o as unknown as Subselect };
  for (const [k, v] of Object.entries(o)) if (k !== 'loc') yield* selectBlocks(v);
}

/** The alias of a FROM term's first term, and the aliases its UNNEST / JOIN / NEST steps bind, in order. */
function fromNames(from: FromTerm | undefined): { alias?: string; unnests: { name: string; loc?: SourcePosition; what: 'UNNEST' | 'JOIN' | 'NEST' }[] } {
  const unnests: { name: string; loc?: SourcePosition; what: 'UNNEST' | 'JOIN' | 'NEST' }[] = [];
  let t = from;
  while (t?.kind === 'UnnestTerm' || t?.kind === 'JoinTerm') {
    if (t.kind === 'UnnestTerm') {
      const name = t.alias ?? implicitName(t.expr);
      if (name !== undefined) unnests.unshift({ name, loc: t.expr.loc, what: 'UNNEST' });
    } else {
      const name = termName(t.right);
      if (name !== undefined) unnests.unshift({ name, loc: t.right.loc, what: t.nest ? 'NEST' : 'JOIN' });
    }
    t = t.left;
  }
  if (!t) return { unnests };
  return { alias: termName(t), unnests };
}

function termName(t: Extract<FromTerm, { kind: 'KeyspaceTerm' | 'ExpressionTerm' }>): string | undefined {
  if (t.kind === 'KeyspaceTerm') return t.keyspace.alias ?? t.keyspace.path[t.keyspace.path.length - 1];
  return t.alias ?? implicitName(t.expr);
}

/**
 * Result names, implicit ones included (`SELECT a, ks.a` names both `a`): the reference's
 * "Duplicate result alias" (algebra/projection.go), for a projection and a RETURNING clause.
 */
function checkResultAliases(terms: ResultTerm[]): void {
  const resultAliases = new Set<string>();
  for (const t of terms) {
    const name = t.kind === 'Term' ? (t.alias ?? implicitName(t.expr)) : undefined;
    if (name === undefined) continue;
    if (resultAliases.has(name)) throw semanticError(ErrorCode.SYNTAX, near(`Duplicate result alias '${name}'`, t.loc), t.loc);
    resultAliases.add(name);
  }
}

function checkBlock(s: Subselect, orderBy: OrderTerm[] | undefined): void {
  checkWindows(s, orderBy);
  const { alias, unnests } = fromNames(s.from);
  const seen = new Set<string>(alias !== undefined ? [alias] : []);
  for (const u of unnests) {
    // The reference: "Duplicate UNNEST alias 'x'", "Duplicate JOIN alias 'a'" (asked of n1ql-reference).
    if (seen.has(u.name)) throw semanticError(ErrorCode.DUPLICATE_ALIAS, near(`Duplicate ${u.what} alias '${u.name}'`, u.loc, ''), u.loc);
    seen.add(u.name);
  }
  const variable = (name: string, loc: SourcePosition | undefined) => {
    if (seen.has(name)) throw semanticError(ErrorCode.DUPLICATE_VARIABLE, near(`Duplicate variable: '${name}' already in scope`, loc), loc);
    seen.add(name);
  };
  for (const l of s.let ?? []) {
    noAggregates(l.expr, 'LET');
    variable(l.name, l.loc);
  }
  noAggregates(s.where, 'WHERE');
  for (const k of s.groupBy?.keys ?? []) noAggregates(k.expr, 'GROUP BY');
  for (const l of s.groupBy?.letting ?? []) variable(l.name, l.loc);
  for (const e of [...s.projection.flatMap((t) => (t.kind === 'Star' ? [] : [t.expr])), ...(s.groupBy?.letting ?? []).map((l) => l.expr), ...(s.groupBy?.having ? [s.groupBy.having] : []), ...(orderBy ?? []).map((o) => o.expr)]) {
    noNestedAggregates(e);
  }
  const grouped = !!s.groupBy || s.projection.some((t) => t.kind !== 'Star' && hasAggregate(t.expr)) || (orderBy ?? []).some((o) => hasAggregate(o.expr));
  if (grouped) checkGroupedBlock(s, alias, new Set(unnests.map((u) => u.name)), orderBy);
  checkResultAliases(s.projection);
  if (s.raw && (s.projection.length !== 1 || s.projection[0].kind !== 'Term')) {
    throw new QueryError({ code: ErrorCode.SYNTAX, phase: 'semantic', message: 'RAW, ELEMENT and VALUE take exactly one expression', position: s.loc });
  }
}
