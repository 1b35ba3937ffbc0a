import type { Expr, FromTerm, MergeStatement, SelectBody, SelectStatement, Statement, Subselect, WithClause } from '../ast/index.js';
import { childrenOf, implicitName, keyspaceAlias } from '../ast/index.js';
import { ErrorCode, QueryError } from '../errors/index.js';
import { near } from './analyze.js';

/**
 * Name binding of the reference's formalizer (couchbase/query `expression/formalizer.go`):
 * an unqualified name that is no alias, variable or enclosing query's name is a field of the
 * block's keyspace term, and when the block has two or more FROM terms (a keyspace and an
 * UNNEST, later joins) it could be a field of any of them: 3080 "Ambiguous reference to field
 * 'x'." An UNNEST's expression sees only the terms before it. Subqueries are checked in the
 * scope where they appear (their outer names include the block's aliases and variables).
 */
export function checkNameBinding(s: Statement): void {
  visit(s, new Set());
}

/** Finds the SELECT statements and subqueries under `node` and checks each with the outer names `outer`. */
function visit(node: unknown, outer: ReadonlySet<string>): void {
  if (Array.isArray(node)) {
    for (const x of node) visit(x, outer);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const o = node as Record<string, unknown>;
  if (o.kind === 'Select') return checkSelect(o as unknown as SelectStatement, outer);
  if (o.kind === 'Subquery') return checkSelect((o as unknown as { query: SelectStatement }).query, outer);
  // CREATE FUNCTION: the body's subqueries see the parameters (`args` for `(...)`) as bound names.
  if (o.kind === 'CreateFunction') return visit(o.body, new Set([...outer, ...((o.params as string[] | undefined) ?? ['args'])]));
  // UPDATE / DELETE: their keyspace alias is bound in their expressions' subqueries.
  const ref = (o.kind === 'Update' || o.kind === 'Delete') && (o.keyspace as { alias?: string; path: string[] } | undefined);
  let inner = ref ? new Set([...outer, keyspaceAlias(ref)]) : outer;
  // MERGE: its target and source aliases and LET variables are bound in its subqueries.
  if (o.kind === 'Merge') inner = new Set([...outer, ...mergeNames(o as unknown as MergeStatement)]);
  for (const [k, v] of Object.entries(o)) if (k !== 'loc') visit(v, inner);
}

/**
 * A WITH clause's bindings: each sees the bindings before it (a recursive one, itself); at the
 * top level a name nothing binds is ambiguous there, as the reference says (3080). Returns the
 * names the SELECT after it sees.
 */
function withNames(w: WithClause, outer: ReadonlySet<string>): ReadonlySet<string> {
  const names = new Set(outer);
  for (const b of w.bindings) {
    unbound(b.expr, w.recursive ? new Set([...names, b.alias]) : names, outer.size === 0 && b.expr.kind !== 'Subquery');
    names.add(b.alias);
  }
  return names;
}

function mergeNames(m: MergeStatement): string[] {
  const alias = (t: MergeStatement['target'] | MergeStatement['source']) =>
    t.kind === 'KeyspaceTerm' ? keyspaceAlias(t.keyspace) : t.alias;
  return [alias(m.target), alias(m.source), ...(m.let ?? []).map((l) => l.name)].filter((n): n is string => n !== undefined);
}

function checkSelect(s: SelectStatement, outer: ReadonlySet<string>): void {
  if (s.with) outer = withNames(s.with, outer);
  checkBody(s.body, outer, s.body.kind === 'Subselect' ? s : undefined);
  // LIMIT and OFFSET see enclosing names only, not the block's: any other name is 3080.
  for (const e of [s.limit, s.offset]) if (e) unbound(e, outer, true);
}

function checkBody(b: SelectBody, outer: ReadonlySet<string>, whole: SelectStatement | undefined): void {
  if (b.with) outer = withNames(b.with, outer);
  if (b.kind === 'SetOperation') {
    checkBody(b.left, outer, undefined);
    checkBody(b.right, outer, undefined);
    return;
  }
  checkBlock(b, outer, whole?.orderBy?.map((o) => o.expr) ?? []);
}

/**
 * The FROM terms of a block, base first: alias and, for UNNEST, its expression. A join's right
 * term adds its alias; its ON / ON KEYS conditions are not checked for ambiguity here (they name
 * both sides by alias, and the planner resolves them). A join's right expression or subquery is
 * checked in the enclosing scope plus the aliases to its left (it may be correlated, LATERAL).
 */
function fromTerms(from: FromTerm | undefined, outer: ReadonlySet<string>): { alias?: string; expr?: Expr }[] {
  if (!from) return [];
  switch (from.kind) {
    case 'UnnestTerm': {
      const terms = fromTerms(from.left, outer);
      terms.push({ alias: from.alias ?? implicitName(from.expr), expr: from.expr });
      return terms;
    }
    case 'JoinTerm': {
      const terms = fromTerms(from.left, outer);
      const r = from.right;
      if (r.kind === 'KeyspaceTerm') {
        terms.push({ alias: keyspaceAlias(r.keyspace) });
      } else {
        const seen = new Set(outer);
        for (const t of terms) if (t.alias !== undefined) seen.add(t.alias);
        visit(r.expr, seen);
        terms.push({ alias: r.alias ?? implicitName(r.expr) });
      }
      return terms;
    }
    case 'KeyspaceTerm':
      if (from.useKeys) visit(from.useKeys, outer);
      return [{ alias: keyspaceAlias(from.keyspace) }];
    default:
      // A FROM expression or subquery is evaluated in the enclosing scope.
      visit(from.expr, outer);
      return [{ alias: from.alias ?? implicitName(from.expr) }];
  }
}

function checkBlock(s: Subselect, outer: ReadonlySet<string>, orderBy: Expr[]): void {
  const terms = fromTerms(s.from, outer);
  const names = new Set(outer);
  terms.forEach((term, i) => {
    // An UNNEST's expression sees the terms before it.
    if (term.expr) unbound(term.expr, names, i >= 2);
    if (term.alias !== undefined) names.add(term.alias);
  });
  const ambiguous = terms.length >= 2;
  for (const l of s.let ?? []) {
    unbound(l.expr, names, ambiguous);
    names.add(l.name);
  }
  if (s.where) unbound(s.where, names, ambiguous);
  for (const k of s.groupBy?.keys ?? []) unbound(k.expr, names, ambiguous);
  for (const k of s.groupBy?.keys ?? []) if (k.alias) names.add(k.alias);
  if (s.groupBy?.groupAs !== undefined) names.add(s.groupBy.groupAs);
  for (const l of s.groupBy?.letting ?? []) {
    unbound(l.expr, names, ambiguous);
    names.add(l.name);
  }
  if (s.groupBy?.having) unbound(s.groupBy.having, names, ambiguous);
  for (const t of s.projection) if (t.kind !== 'Star') unbound(t.expr, names, ambiguous);
  for (const t of s.projection) {
    const n = t.kind === 'Term' ? (t.alias ?? implicitName(t.expr)) : undefined;
    if (n !== undefined) names.add(n);
  }
  for (const e of orderBy) unbound(e, names, ambiguous);
}

/**
 * Walks `e` with the names bound around it (comprehension variables added where they bind),
 * checks its subqueries in that scope, and, when `ambiguous`, raises 3080 for an unqualified
 * name that nothing binds.
 */
function unbound(e: Expr, names: ReadonlySet<string>, ambiguous: boolean): void {
  switch (e.kind) {
    case 'Identifier':
      if (ambiguous && !names.has(e.name)) {
        throw new QueryError({ code: ErrorCode.AMBIGUOUS_REFERENCE, phase: 'semantic', message: near(`Ambiguous reference to field '${e.name}'`, e.loc), position: e.loc });
      }
      return;
    case 'Subquery':
      return checkSelect(e.query, names);
    case 'Collection':
    case 'ArrayFor':
    case 'ObjectFor': {
      const inner = new Set(names);
      for (const b of e.bindings) {
        unbound(b.expr, inner, ambiguous);
        inner.add(b.variable);
        if (b.nameVariable) inner.add(b.nameVariable);
      }
      for (const c of childrenOf(e).slice(e.bindings.length)) unbound(c, inner, ambiguous);
      return;
    }
    default:
      for (const c of childrenOf(e)) unbound(c, names, ambiguous);
  }
}
