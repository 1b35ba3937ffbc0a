import type { DeleteStatement, Expr, FromTerm, MergeStatement, SelectBody, SelectStatement, SetClause, Statement, Subselect, UpdateStatement, WithClause } from '../ast/index.js';
import { childrenOf, implicitName, keyspaceAlias } from '../ast/index.js';
import { ErrorCode, QueryError, type SourcePosition } from '../errors/index.js';
import { near, termName } from './analyze.js';
import { splitRecursive } from './recursive-with.js';
import { foldedConstant } from './static-expr.js';
import { NOT_CONSTANT } from '../eval/index.js';

/**
 * The names in scope of every expression and SELECT block, and the rule that none is bound
 * again inside that scope (couchbase/query `semantics/`, `algebra/with.go`; codes and messages
 * asked of n1ql-reference):
 * - in scope: WITH aliases (in the bindings after them, the SELECT that follows and every
 *   subquery in them); an enclosing block's FROM, UNNEST, JOIN and NEST aliases, LET variables,
 *   GROUP BY aliases, GROUP AS and LETTING names (and, in its ORDER BY, its explicit result
 *   aliases); an UPDATE's or DELETE's keyspace alias, a MERGE's target and source aliases and LET
 *   variables in its actions (its source is checked alone);
 *   the variables of an enclosing ANY/EVERY/ARRAY/FIRST/OBJECT;
 * - a subquery's FROM term that binds such a name is 4020 "Duplicate FROM alias 'a'" (a
 *   keyspace), "… FROM expression alias …", "… subquery alias …", "… JOIN alias …",
 *   "… UNNEST alias …" (`SELECT … FROM t WHERE x IN (SELECT … FROM t)` included); another WITH
 *   alias is 4020 "Duplicate WITH clause alias 'a'"; a LET/LETTING or ANY/ARRAY variable is
 *   3081 "Duplicate variable: 'a' already in scope.". Names of one block repeated within it are
 *   analyze.ts's checks;
 * - `FROM a` without an alias rebinds `a` to one element of the WITH value: a FROM term that
 *   reads the WITH alias `a` inside that scope is 4021 "Duplicate WITH alias reference in FROM
 *   expression: 'a'";
 * - CYCLE and OPTIONS need RECURSIVE (3000), and a recursive binding follows the rules of
 *   recursive-with.ts.
 */
export function checkScopes(s: Statement): void {
  visit(s, { withs: new Set(), rebound: new Set(), names: new Set(), keyspaceNames: new Set() });
}

interface Scope {
  /** WITH aliases in scope. */
  withs: ReadonlySet<string>;
  /** WITH aliases that a FROM term without alias rebinds in an enclosing block. */
  rebound: ReadonlySet<string>;
  /** Every other name in scope: enclosing blocks' aliases and variables, comprehension variables. */
  names: ReadonlySet<string>;
  /**
   * Those of `names` that a keyspace term without alias binds (`FROM ks`): an inner `FROM ks`
   * is a keyspace again (4020 "Duplicate FROM alias"), where `FROM a` naming any other enclosing
   * name reads that value (4020 "Duplicate FROM expression alias").
   */
  keyspaceNames: ReadonlySet<string>;
}

const withNames = (scope: Scope, more: Iterable<string>, keyspaceNames: Iterable<string> = []): Scope => ({ ...scope, names: new Set([...scope.names, ...more]), keyspaceNames: new Set([...scope.keyspaceNames, ...keyspaceNames]) });

const fail = (code: number, text: string, loc: SourcePosition | undefined, end = '') => new QueryError({ code, phase: 'semantic', message: near(text, loc, end), position: loc });

function visit(node: unknown, scope: Scope): void {
  if (Array.isArray(node)) {
    for (const x of node) visit(x, scope);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const o = node as Record<string, unknown>;
  if (o.kind === 'Select') return checkSelect(o as unknown as SelectStatement, scope);
  if (o.kind === 'Update' || o.kind === 'Delete') return checkDml(o as unknown as UpdateStatement | DeleteStatement, scope);
  if (o.kind === 'Merge') return checkMerge(o as unknown as MergeStatement, scope);
  if (typeof o.kind === 'string' && isExprKind(o.kind)) return checkExpr(o as unknown as Expr, scope);
  for (const [k, v] of Object.entries(o)) if (k !== 'loc') visit(v, scope);
}

const EXPR_KINDS = new Set(['Subquery', 'Collection', 'ArrayFor', 'ObjectFor']);
const isExprKind = (k: string) => EXPR_KINDS.has(k);

function checkSelect(s: SelectStatement, scope: Scope): void {
  const inner = s.with ? enterWith(s.with, scope) : scope;
  const block = checkBody(s.body, inner);
  // ORDER BY sees the block's names and its explicit result aliases; a set operation's, neither.
  const order = block ? withNames(inner, block.names, block.keyspaceNames) : inner;
  for (const o of s.orderBy ?? []) checkExpr(o.expr, order);
  for (const e of [s.limit, s.offset]) if (e) checkExpr(e, inner);
}

/** Checks a WITH clause's bindings; returns the scope of what follows it. */
function enterWith(w: WithClause, scope: Scope): Scope {
  const withs = new Set(scope.withs);
  for (const b of w.bindings) {
    if (!w.recursive && b.cycle) throw fail(ErrorCode.SYNTAX, `cannot have CYCLE without RECURSIVE keyword as part of '${b.alias}'`, b.loc);
    if (!w.recursive && b.options) throw fail(ErrorCode.SYNTAX, `cannot have OPTIONS without RECURSIVE keyword as part of '${b.alias}'`, b.loc);
    if (withs.has(b.alias)) throw fail(ErrorCode.DUPLICATE_ALIAS, `Duplicate WITH clause alias '${b.alias}'`, b.loc);
    if (b.options && foldedConstant(b.options) === NOT_CONSTANT) throw fail(ErrorCode.SYNTAX, 'OPTIONS value must be static', b.options.loc);
    if (w.recursive) splitRecursive(b);
    // A recursive binding's clause reads its own alias (the previous level's rows).
    checkExpr(b.expr, { ...scope, withs: w.recursive ? new Set([...withs, b.alias]) : withs });
    withs.add(b.alias);
  }
  return { ...scope, withs };
}

/** Checks a SELECT body; returns the names a following ORDER BY sees (a SELECT block's only). */
function checkBody(b: SelectBody, scope: Scope): BlockNames | undefined {
  if (b.with) scope = enterWith(b.with, scope);
  if (b.kind === 'SetOperation') {
    checkBody(b.left, scope);
    checkBody(b.right, scope);
    return undefined;
  }
  return checkBlock(b, scope);
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

/**
 * Checks one SELECT block's terms and clauses against the names of enclosing scopes; returns the
 * block's own names plus its explicit result aliases (what its ORDER BY sees).
 */
function checkBlock(s: Subselect, scope: Scope): BlockNames {
  const { withs } = scope;
  const rebound = new Set(scope.rebound);
  /** The names this block has bound so far. */
  const local = new Set<string>();
  const keyspaceNames = new Set<string>();
  const here = (): Scope => ({ ...withNames(scope, local, keyspaceNames), withs, rebound });
  for (const { term, join } of terms(s.from)) {
    const ref = withReference(term, withs);
    let alias: string | undefined;
    let what: string;
    let loc: SourcePosition | undefined;
    /** What the term evaluates: checked after its alias, as the reference reports the alias first. */
    let inside: Expr | undefined;
    if (term.kind === 'UnnestTerm') {
      inside = term.expr;
      alias = term.alias ?? implicitName(term.expr);
      what = 'UNNEST';
      loc = term.aliasLoc ?? term.expr.loc;
    } else if (term.kind === 'KeyspaceTerm') {
      inside = term.useKeys;
      alias = keyspaceAlias(term.keyspace);
      // `FROM t` naming an enclosing alias reads that value: an expression term, as the reference parses it.
      const name = term.keyspace.path[0]!;
      const outerValue = term.keyspace.alias === undefined && term.keyspace.namespace === undefined && term.keyspace.path.length === 1 && scope.names.has(name) && !scope.keyspaceNames.has(name);
      if (term.keyspace.alias === undefined && !outerValue) keyspaceNames.add(alias);
      what = join ? 'JOIN' : outerValue ? 'FROM expression' : 'FROM';
      loc = term.loc;
    } else if (term.kind === 'ExpressionTerm') {
      inside = term.expr;
      alias = term.alias ?? implicitName(term.expr);
      what = join ? 'JOIN' : term.expr.kind === 'Subquery' ? 'subquery' : 'FROM expression';
      loc = term.aliasLoc ?? term.loc;
    } else {
      continue;
    }
    if (ref && rebound.has(ref.name)) throw fail(ErrorCode.DUPLICATE_WITH_REFERENCE, `Duplicate WITH alias reference in FROM expression: '${ref.name}'`, ref.loc);
    if (alias !== undefined && ((withs.has(alias) && ref?.name !== alias) || scope.names.has(alias))) throw fail(ErrorCode.DUPLICATE_ALIAS, `Duplicate ${what} alias '${alias}'`, loc);
    if (inside) checkExpr(inside, here());
    if (ref && alias === ref.name) rebound.add(alias);
    if (alias !== undefined) local.add(alias);
  }
  for (let t = s.from; t && (t.kind === 'JoinTerm' || t.kind === 'UnnestTerm'); t = t.left) {
    if (t.kind === 'JoinTerm') for (const c of [t.on, t.onKeys, t.onKey]) if (c) checkExpr(c, here());
  }
  const variable = (name: string, loc: SourcePosition | undefined) => {
    if (withs.has(name) || scope.names.has(name)) throw fail(ErrorCode.DUPLICATE_VARIABLE, `Duplicate variable: '${name}' already in scope`, loc, '.');
    local.add(name);
  };
  for (const l of s.let ?? []) {
    checkExpr(l.expr, here());
    variable(l.name, l.loc);
  }
  if (s.where) checkExpr(s.where, here());
  for (const k of s.groupBy?.keys ?? []) checkExpr(k.expr, here());
  for (const k of s.groupBy?.keys ?? []) if (k.alias !== undefined) local.add(k.alias);
  if (s.groupBy?.groupAs !== undefined) local.add(s.groupBy.groupAs);
  for (const l of s.groupBy?.letting ?? []) {
    checkExpr(l.expr, here());
    variable(l.name, l.loc);
  }
  if (s.groupBy?.having) checkExpr(s.groupBy.having, here());
  for (const t of s.projection) if (t.kind !== 'Star') checkExpr(t.expr, here());
  for (const t of s.projection) if (t.kind === 'Term' && t.alias !== undefined) local.add(t.alias);
  return { names: local, keyspaceNames };
}

/** A block's own names (those of them that keyspace terms without alias bind, too). */
interface BlockNames {
  names: Set<string>;
  keyspaceNames: Set<string>;
}

function checkExpr(e: Expr, scope: Scope): void {
  if (e.kind === 'Subquery') return checkSelect(e.query, scope);
  if (e.kind === 'Collection' || e.kind === 'ArrayFor' || e.kind === 'ObjectFor') {
    const vars = new Set<string>();
    for (const b of e.bindings) {
      checkExpr(b.expr, scope);
      for (const v of [b.variable, b.nameVariable]) {
        if (v === undefined) continue;
        if (scope.withs.has(v) || scope.names.has(v) || vars.has(v)) throw fail(ErrorCode.DUPLICATE_VARIABLE, `Duplicate variable: '${v}' already in scope`, b.loc, '.');
        vars.add(v);
      }
    }
    const inner = withNames(scope, vars);
    for (const c of childrenOf(e).slice(e.bindings.length)) checkExpr(c, inner);
    return;
  }
  for (const c of childrenOf(e)) checkExpr(c, scope);
}

/** UPDATE and DELETE: the keyspace's alias is in scope in every clause (UPDATE's SET FOR variables too). */
function checkDml(s: UpdateStatement | DeleteStatement, scope: Scope): void {
  const alias = keyspaceAlias(s.keyspace);
  const local = new Set<string>([alias]);
  const keyspaceNames = s.keyspace.alias === undefined ? [alias] : [];
  const here = (): Scope => withNames(scope, local, keyspaceNames);
  if (s.useKeys) checkExpr(s.useKeys, here());
  for (const l of s.let ?? []) {
    checkExpr(l.expr, here());
    local.add(l.name);
  }
  if (s.kind === 'Update') {
    for (const c of s.set) checkSetClause(c, here());
    for (const u of s.unset) checkExpr(u, here());
  }
  for (const e of [s.where, s.limit, s.kind === 'Delete' ? s.offset : undefined]) if (e) checkExpr(e, here());
  visit(s.returning, here());
}

/** A SET item: its FOR variables are in scope in its path, value and WHEN. */
function checkSetClause(c: SetClause, scope: Scope): void {
  if (!c.for) {
    checkExpr(c.path, scope);
    checkExpr(c.value, scope);
    return;
  }
  const vars = new Set<string>();
  for (const b of c.for.bindings) {
    checkExpr(b.expr, scope);
    for (const v of [b.variable, b.nameVariable]) if (v !== undefined) vars.add(v);
  }
  const inner = withNames(scope, vars);
  for (const e of [c.path, c.value, c.for.when]) if (e) checkExpr(e, inner);
}

/** MERGE: the source is checked alone; its alias and the target's are in scope in the rest. */
function checkMerge(s: MergeStatement, scope: Scope): void {
  visit(s.source, scope);
  const local = new Set([keyspaceAlias(s.target.keyspace), termName(s.source)].filter((n): n is string => n !== undefined));
  const here = (): Scope => withNames(scope, local);
  for (const e of [s.onKey, s.on]) if (e) checkExpr(e, here());
  for (const l of s.let ?? []) {
    checkExpr(l.expr, here());
    local.add(l.name);
  }
  if (s.update) {
    for (const c of s.update.set) checkSetClause(c, here());
    for (const u of s.update.unset) checkExpr(u, here());
    if (s.update.where) checkExpr(s.update.where, here());
  }
  if (s.delete?.where) checkExpr(s.delete.where, here());
  visit(s.insert, here());
  if (s.limit) checkExpr(s.limit, here());
  visit(s.returning, here());
}
