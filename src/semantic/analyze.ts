import { checkFlattenKeys } from './flatten-keys-check.js';
import type { Expr, FromTerm, OrderTerm, ResultTerm, SelectStatement, Statement, Subselect } from '../ast/index.js';
import { implicitName, someExpr, walkExpr, keyspaceAlias } from '../ast/index.js';
import { ErrorCode, QueryError, type SourcePosition } from '../errors/index.js';
import { isAggregateName } from '../eval/index.js';
import { checkGroupedBlock } from './group-check.js';
import { checkNameBinding } from './name-binding.js';
import { checkScopes } from './scope-check.js';
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
  checkMetaArity(s);
  checkFlattenKeys(s);
  checkScopes(s);
  const blocks = [...selectBlocks(s)];
  for (const { block, orderBy } of blocks) checkBlock(block, orderBy);
  // DML's RETURNING names its results as a projection does.
  if ((s.kind === 'Insert' || s.kind === 'Update' || s.kind === 'Delete' || s.kind === 'Merge') && s.returning) checkResultAliases(s.returning.terms);
  checkNameBinding(s);
  checkOrderParameters(s);
  // After name binding, as the reference's formalizer reports an ambiguous WHERE name first.
  for (const { block, orderBy } of blocks) checkMetaArguments(block, orderBy, fromTermCount(block));
}

/** The number of FROM terms of a block: its first term and each UNNEST, JOIN and NEST. */
function fromTermCount(s: Subselect): number {
  const { alias, unnests } = fromNames(s.from);
  return (alias !== undefined ? 1 : 0) + unnests.length;
}

/**
 * `META(a, b)`: the reference's parser error, before any other check: 3000 "Number of arguments
 * to function META must be between 0 and 1 (near line L, column C)." at the first argument.
 */
function checkMetaArity(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(checkMetaArity);
  if (!node || typeof node !== 'object') return;
  const o = node as Record<string, unknown>;
  if (o.kind === 'FunctionCall' && String(o.name).toLowerCase() === 'meta' && (o.args as Expr[]).length > 1) {
    const at = (o.args as Expr[])[0].loc;
    throw semanticError(ErrorCode.WRONG_ARITY, near('Number of arguments to function META must be between 0 and 1', at), at);
  }
  for (const [k, v] of Object.entries(o)) if (k !== 'loc') checkMetaArity(v);
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
      if (name !== undefined) unnests.unshift({ name, loc: t.aliasLoc ?? t.expr.loc, what: 'UNNEST' });
    } else {
      const name = termName(t.right);
      if (name !== undefined) unnests.unshift({ name, loc: t.right.loc, what: t.nest ? 'NEST' : 'JOIN' });
    }
    t = t.left;
  }
  if (!t) return { unnests };
  return { alias: termName(t), unnests };
}

/** The name a FROM term binds: a keyspace's {@link keyspaceAlias}, an expression's alias or implicit name. */
export function termName(t: Extract<FromTerm, { kind: 'KeyspaceTerm' | 'ExpressionTerm' }>): string | undefined {
  if (t.kind === 'KeyspaceTerm') return keyspaceAlias(t.keyspace);
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
    const at = t.kind === 'Term' ? (t.nameLoc ?? t.loc) : t.loc;
    if (resultAliases.has(name)) throw semanticError(ErrorCode.SYNTAX, near(`Duplicate result alias '${name}'`, at), at);
    resultAliases.add(name);
  }
}

/**
 * Every FROM term needs a name: its alias, a keyspace's name, a path's last step. Otherwise the
 * reference's 4010 "FROM expression term (near …) must have a name or alias" (an UNNEST: "UNNEST
 * term …", a keyspace parameter: "FROM term …"), or 3000 "Subquery in FROM clause must have an
 * alias (near …)." for a subquery.
 */
function checkTermNames(t: FromTerm | undefined): void {
  if (!t) return;
  const missing = (what: string, loc: SourcePosition | undefined) =>
    semanticError(ErrorCode.TERM_NEEDS_ALIAS, loc ? `${what} (near line ${loc.line}, column ${loc.column}) must have a name or alias` : `${what} must have a name or alias`, loc);
  switch (t.kind) {
    case 'UnnestTerm':
      checkTermNames(t.left);
      if (t.alias === undefined && implicitName(t.expr) === undefined) throw missing('UNNEST term', t.expr.loc);
      return;
    case 'JoinTerm':
      checkTermNames(t.left);
      return checkTermNames(t.right);
    case 'KeyspaceTerm':
      if (t.keyspace.param && t.keyspace.alias === undefined) throw missing('FROM term', t.keyspace.loc ?? t.loc);
      return;
    case 'ExpressionTerm':
      if (t.alias !== undefined || implicitName(t.expr) !== undefined) return;
      if (t.expr.kind === 'Subquery') throw semanticError(ErrorCode.SYNTAX, near('Subquery in FROM clause must have an alias', t.loc), t.loc);
      throw missing('FROM expression term', t.expr.loc ?? t.loc);
  }
}

function checkBlock(s: Subselect, orderBy: OrderTerm[] | undefined): void {
  checkWindows(s, orderBy);
  checkTermNames(s.from);
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
  const groupAs = s.groupBy?.groupAs;
  if (groupAs !== undefined) {
    // A FROM alias again: the reference's 4020 "Duplicate GROUP AS alias 'x'" at the name.
    const at = s.groupBy!.groupAsLoc;
    if (groupAs === alias || unnests.some((u) => u.name === groupAs)) throw semanticError(ErrorCode.DUPLICATE_ALIAS, near(`Duplicate GROUP AS alias '${groupAs}'`, at, ''), at);
    variable(groupAs, at);
  }
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

/**
 * `META()` without an argument names the block's one FROM term: with none or several (UNNEST,
 * JOIN, NEST) it is the reference's 4310 "META() in query with multiple FROM terms requires an
 * argument (near line L, column C)." Subqueries are checked as blocks of their own.
 */
function checkMetaArguments(s: Subselect, orderBy: OrderTerm[] | undefined, fromTerms: number): void {
  if (fromTerms === 1) return;
  const exprs: Expr[] = [
    ...s.projection.flatMap((t) => (t.kind === 'Star' ? [] : [t.expr])),
    ...(s.let ?? []).map((l) => l.expr),
    ...(s.where ? [s.where] : []),
    ...(s.groupBy?.keys ?? []).map((k) => k.expr),
    ...(s.groupBy?.letting ?? []).map((l) => l.expr),
    ...(s.groupBy?.having ? [s.groupBy.having] : []),
    ...(orderBy ?? []).map((o) => o.expr),
  ];
  for (const e of exprs) {
    walkExpr(e, (x) => {
      if (x.kind === 'Subquery') return false;
      if (x.kind === 'FunctionCall' && x.name.toLowerCase() === 'meta' && x.args.length === 0) {
        throw semanticError(ErrorCode.META_NEEDS_ARGUMENT, near('META() in query with multiple FROM terms requires an argument', x.loc), x.loc);
      }
      return true;
    });
  }
}
