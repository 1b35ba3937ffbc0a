import type { Binding, Expr } from './expr.js';
import type { KeyspaceRef, ResultTerm } from './statement.js';
import { windowExprs } from './window.js';

/**
 * The direct sub-expressions of an expression, in source order. Subqueries are not entered
 * (their expressions belong to another SELECT block).
 */
export function childrenOf(e: Expr): Expr[] {
  const b = (bs: Binding[]) => bs.map((x) => x.expr);
  switch (e.kind) {
    case 'Literal':
    case 'Identifier':
    case 'Self':
    case 'NamedParam':
    case 'PositionalParam':
    case 'Subquery':
    case 'SequenceValue':
      return [];
    case 'ArrayConstruct':
      return e.items;
    case 'ObjectConstruct':
      return e.fields.flatMap((f) => [f.name, f.value]);
    case 'Field':
      return [e.target];
    case 'DynamicField':
      return [e.target, e.name];
    case 'Element':
      return [e.target, e.index];
    case 'Slice':
      return [e.target, ...(e.start ? [e.start] : []), ...(e.end ? [e.end] : [])];
    case 'Unary':
    case 'Exists':
      return [e.operand];
    case 'Binary':
      return [e.left, e.right];
    case 'Like':
      return e.escape ? [e.operand, e.pattern, e.escape] : [e.operand, e.pattern];
    case 'In':
      return [e.operand, e.collection];
    case 'Between':
      return [e.operand, e.low, e.high];
    case 'Is':
      return [e.operand];
    case 'Case': {
      const out: Expr[] = e.subject ? [e.subject] : [];
      for (const w of e.whens) out.push(w.when, w.then);
      if (e.else) out.push(e.else);
      return out;
    }
    case 'Collection':
      return [...b(e.bindings), e.satisfies];
    case 'ArrayFor':
      return e.when ? [...b(e.bindings), e.mapping, e.when] : [...b(e.bindings), e.mapping];
    case 'ObjectFor':
      return e.when ? [...b(e.bindings), e.name, e.value, e.when] : [...b(e.bindings), e.name, e.value];
    case 'FunctionCall': {
      if (!e.filter && !e.over) return e.args;
      const out = e.filter ? [...e.args, e.filter] : [...e.args];
      if (e.over) out.push(...windowExprs(e.over));
      return out;
    }
  }
}

/** Calls `visit` on `e` and every sub-expression (pre-order); `visit` returning false skips the children. */
export function walkExpr(e: Expr, visit: (e: Expr) => boolean | void): void {
  if (visit(e) === false) return;
  for (const c of childrenOf(e)) walkExpr(c, visit);
}

/** True if some sub-expression (subqueries excluded) satisfies `pred`. */
export function someExpr(e: Expr, pred: (e: Expr) => boolean): boolean {
  let found = false;
  walkExpr(e, (x) => {
    if (found) return false;
    if (pred(x)) {
      found = true;
      return false;
    }
    return true;
  });
  return found;
}

/** A copy of the tree without `loc` (and `aliasLoc`) fields, for structural comparison. */
export function stripLoc<T>(node: T): T {
  if (Array.isArray(node)) return node.map(stripLoc) as T;
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  // `loc` and the positions of parts (`nameLoc`, `aliasLoc`).
  for (const [k, v] of Object.entries(node)) if (k !== 'loc' && !k.endsWith('Loc') && v !== undefined) out[k] = stripLoc(v);
  return out as T;
}

/** The alias a keyspace term binds: the explicit alias, else the last path element (`FROM b.s.c` binds `c`). */
export function keyspaceAlias(ref: KeyspaceRef): string {
  return ref.alias ?? ref.path[ref.path.length - 1]!;
}

/**
 * The name a projection term gets without AS: the identifier or last field name (for
 * `a.[expr]`, the name `expr` would get: `d.[d.l]` is named `l`), else undefined (the executor
 * numbers those `$1`, `$2` …). Source: couchbase/query `algebra/projection.go` and
 * `expression/nav_field.go` (`Alias()`), checked against the reference.
 */
export function implicitName(e: Expr): string | undefined {
  if (e.kind === 'Identifier') return e.name;
  if (e.kind === 'Field') return e.name;
  if (e.kind === 'DynamicField') return implicitName(e.name);
  return undefined;
}

/**
 * The result name of each projection term: its alias, else its {@link implicitName}, else `$1`,
 * `$2` … in the order of the unnamed terms; undefined for `*` and `path.*`.
 * Source: couchbase/query `algebra/projection.go`.
 */
export function resultNames(terms: readonly ResultTerm[]): (string | undefined)[] {
  let n = 0;
  return terms.map((t) => (t.kind === 'Term' ? (t.alias ?? implicitName(t.expr) ?? `$${++n}`) : undefined));
}
