import type { Expr, FromTerm, SelectBody, SelectStatement, Statement, Subselect, WithClause } from '../ast/index.js';
import { childrenOf, implicitName } from '../ast/index.js';
import { ErrorCode, QueryError, type SourcePosition } from '../errors/index.js';
import { near } from './analyze.js';
import { splitRecursive } from './recursive-with.js';
import { foldedConstant } from './static-expr.js';
import { NOT_CONSTANT } from '../eval/index.js';

/**
 * The scope rules of common table expressions (couchbase/query `algebra/with.go`,
 * `semantics/`), with the reference's codes and messages (asked of n1ql-reference):
 * - a WITH alias is in scope in the bindings after it, the SELECT that follows and every
 *   subquery in them; no name in scope may be bound again: another WITH alias (4020 "Duplicate
 *   WITH clause alias 'a'"), a FROM alias (4020 "Duplicate FROM alias 'a'", "… FROM expression
 *   alias …", "… subquery alias …", "… JOIN alias …", "… UNNEST alias …"), a LET/LETTING or
 *   ANY/ARRAY variable (3081 "Duplicate variable: 'a' already in scope.");
 * - `FROM a` without an alias rebinds `a` to one element of the WITH value: a FROM term that
 *   reads the WITH alias `a` inside that scope is 4021 "Duplicate WITH alias reference in FROM
 *   expression: 'a'";
 * - CYCLE and OPTIONS need RECURSIVE (3000), and a recursive binding follows the rules of
 *   recursive-with.ts.
 */
export function checkWiths(s: Statement): void {
  visit(s, { withs: new Set(), rebound: new Set() });
}

interface WithScope {
  /** WITH aliases in scope. */
  withs: ReadonlySet<string>;
  /** WITH aliases that a FROM term without alias rebinds in an enclosing block. */
  rebound: ReadonlySet<string>;
}

const fail = (code: number, text: string, loc: SourcePosition | undefined, end = '') => new QueryError({ code, phase: 'semantic', message: near(text, loc, end), position: loc });

function visit(node: unknown, scope: WithScope): void {
  if (Array.isArray(node)) {
    for (const x of node) visit(x, scope);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const o = node as Record<string, unknown>;
  if (o.kind === 'Select') return checkSelect(o as unknown as SelectStatement, scope);
  if (typeof o.kind === 'string' && isExprKind(o.kind)) return checkExpr(o as unknown as Expr, scope);
  for (const [k, v] of Object.entries(o)) if (k !== 'loc') visit(v, scope);
}

const EXPR_KINDS = new Set(['Subquery', 'Collection', 'ArrayFor', 'ObjectFor']);
const isExprKind = (k: string) => EXPR_KINDS.has(k);

function checkSelect(s: SelectStatement, scope: WithScope): void {
  const inner = s.with ? enterWith(s.with, scope) : scope;
  checkBody(s.body, inner);
  for (const o of s.orderBy ?? []) checkExpr(o.expr, inner);
  for (const e of [s.limit, s.offset]) if (e) checkExpr(e, inner);
}

/** Checks a WITH clause's bindings; returns the scope of what follows it. */
function enterWith(w: WithClause, scope: WithScope): WithScope {
  const withs = new Set(scope.withs);
  for (const b of w.bindings) {
    if (!w.recursive && b.cycle) throw fail(ErrorCode.SYNTAX, `cannot have CYCLE without RECURSIVE keyword as part of '${b.alias}'`, b.loc);
    if (!w.recursive && b.options) throw fail(ErrorCode.SYNTAX, `cannot have OPTIONS without RECURSIVE keyword as part of '${b.alias}'`, b.loc);
    if (withs.has(b.alias)) throw fail(ErrorCode.DUPLICATE_ALIAS, `Duplicate WITH clause alias '${b.alias}'`, b.loc);
    if (b.options && foldedConstant(b.options) === NOT_CONSTANT) throw fail(ErrorCode.SYNTAX, 'OPTIONS value must be static', b.options.loc);
    if (w.recursive) splitRecursive(b);
    // A recursive binding's clause reads its own alias (the previous level's rows).
    checkExpr(b.expr, { withs: w.recursive ? new Set([...withs, b.alias]) : withs, rebound: scope.rebound });
    withs.add(b.alias);
  }
  return { withs, rebound: scope.rebound };
}

function checkBody(b: SelectBody, scope: WithScope): void {
  if (b.with) scope = enterWith(b.with, scope);
  if (b.kind === 'SetOperation') {
    checkBody(b.left, scope);
    checkBody(b.right, scope);
    return;
  }
  checkBlock(b, scope);
}

/** The FROM terms of a clause in order, each with whether it is a join's right term. */
function terms(t: FromTerm | undefined, out: { term: FromTerm; join: boolean }[] = []): { term: FromTerm; join: boolean }[] {
  if (!t) return out;
  if (t.kind === 'UnnestTerm') {
    terms(t.left, out);
    out.push({ term: t, join: false });
  } else if (t.kind === 'JoinTerm') {
    terms(t.left, out);
    out.push({ term: t.right, join: true });
  } else {
    out.push({ term: t, join: false });
  }
  return out;
}

/** The WITH alias a FROM term reads as a whole (`FROM a`, `FROM a AS x`), if any. */
function withReference(t: FromTerm, withs: ReadonlySet<string>): { name: string; loc?: SourcePosition } | undefined {
  if (t.kind === 'KeyspaceTerm') {
    const ref = t.keyspace;
    if (ref.namespace === undefined && ref.path.length === 1 && withs.has(ref.path[0]!)) return { name: ref.path[0]!, loc: t.loc };
  } else if (t.kind === 'ExpressionTerm' && t.expr.kind === 'Identifier' && withs.has(t.expr.name)) {
    return { name: t.expr.name, loc: t.expr.loc };
  }
  return undefined;
}

function checkBlock(s: Subselect, scope: WithScope): void {
  const { withs } = scope;
  const rebound = new Set(scope.rebound);
  for (const { term, join } of terms(s.from)) {
    const here: WithScope = { withs, rebound };
    const ref = withReference(term, withs);
    let alias: string | undefined;
    let what: string;
    let loc: SourcePosition | undefined;
    if (term.kind === 'UnnestTerm') {
      checkExpr(term.expr, here);
      alias = term.alias ?? implicitName(term.expr);
      what = 'UNNEST';
      loc = term.aliasLoc ?? term.expr.loc;
    } else if (term.kind === 'KeyspaceTerm') {
      if (term.useKeys) checkExpr(term.useKeys, here);
      alias = term.keyspace.alias ?? term.keyspace.path[term.keyspace.path.length - 1];
      what = join ? 'JOIN' : 'FROM';
      loc = term.loc;
    } else if (term.kind === 'ExpressionTerm') {
      checkExpr(term.expr, here);
      alias = term.alias ?? implicitName(term.expr);
      what = join ? 'JOIN' : term.expr.kind === 'Subquery' ? 'subquery' : 'FROM expression';
      loc = term.aliasLoc ?? term.loc;
    } else {
      continue;
    }
    if (ref && rebound.has(ref.name)) throw fail(ErrorCode.DUPLICATE_WITH_REFERENCE, `Duplicate WITH alias reference in FROM expression: '${ref.name}'`, ref.loc);
    if (alias !== undefined && withs.has(alias) && ref?.name !== alias) throw fail(ErrorCode.DUPLICATE_ALIAS, `Duplicate ${what} alias '${alias}'`, loc);
    if (ref && alias === ref.name) rebound.add(alias);
  }
  const inner: WithScope = { withs, rebound };
  const variable = (name: string, loc: SourcePosition | undefined) => {
    if (withs.has(name)) throw fail(ErrorCode.DUPLICATE_VARIABLE, `Duplicate variable: '${name}' already in scope`, loc, '.');
  };
  for (const l of s.let ?? []) {
    checkExpr(l.expr, inner);
    variable(l.name, l.loc);
  }
  if (s.where) checkExpr(s.where, inner);
  for (const k of s.groupBy?.keys ?? []) checkExpr(k.expr, inner);
  for (const l of s.groupBy?.letting ?? []) {
    checkExpr(l.expr, inner);
    variable(l.name, l.loc);
  }
  if (s.groupBy?.having) checkExpr(s.groupBy.having, inner);
  for (const t of s.projection) if (t.kind !== 'Star') checkExpr(t.expr, inner);
}

function checkExpr(e: Expr, scope: WithScope): void {
  if (e.kind === 'Subquery') return checkSelect(e.query, scope);
  if (e.kind === 'Collection' || e.kind === 'ArrayFor' || e.kind === 'ObjectFor') {
    for (const b of e.bindings) {
      checkExpr(b.expr, scope);
      for (const v of [b.variable, b.nameVariable]) {
        if (v !== undefined && scope.withs.has(v)) throw fail(ErrorCode.DUPLICATE_VARIABLE, `Duplicate variable: '${v}' already in scope`, b.loc, '.');
      }
    }
    for (const c of childrenOf(e).slice(e.bindings.length)) checkExpr(c, scope);
    return;
  }
  for (const c of childrenOf(e)) checkExpr(c, scope);
}
