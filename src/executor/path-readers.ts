import type { Expr, FunctionCall } from '../ast/index.js';
import { getField, type Scope } from '../eval/index.js';
import type { Value } from '../values/index.js';

/**
 * The result aliases an InitialProject binds for ORDER BY (its scope of them), each with the
 * path it projects and the scope that path was compiled in: `SELECT name … ORDER BY name` sorts
 * by the projected `name`, which is the document's field. Registered by the InitialProject
 * (only for paths, whose projected value is the value read, and only without `*`, which could
 * write the same name), read by {@link documentReader}.
 */
export const projectedPaths = new WeakMap<Scope, { base: Scope; paths: ReadonlyMap<string, Expr> }>();

/** The innermost scope of `scope`'s chain that binds `name`. */
function binder(scope: Scope, name: string): Scope | undefined {
  for (let s: Scope | undefined = scope; s; s = s.parent) if (s.names.has(name)) return s;
  return undefined;
}

/** Reads a value from a keyspace document and its key, without a row environment. */
export type DocumentReader = (doc: Value, key: string) => Value;

/** Fields of `META(alias)` read from the bound metadata without evaluating anything that can fail. */
const META_FIELDS = new Set(['id', 'cas', 'expiration', 'flags', 'type', 'keyspace']);

/** `META()` / `META(alias)` as the evaluator compiles it (compile-call.ts compileMeta), or false. */
function isMetaCall(e: Expr): e is FunctionCall {
  if (e.kind !== 'FunctionCall' || e.name.toLowerCase() !== 'meta') return false;
  if (e.distinct || e.star || e.filter || e.over) return false;
  return e.args.length === 0 || (e.args.length === 1 && e.args[0]!.kind === 'Identifier');
}

/**
 * True if evaluating `e` on any row can neither raise an error nor warn: a name, `SELF`, a
 * literal, a field path over one of those, `META([alias])` and its plain fields (not its
 * xattrs). An operator may then evaluate it on only some of its rows without changing what a
 * statement reports (an Order projecting only the rows it keeps, scan-top-k.ts).
 */
export function inertExpr(e: Expr): boolean {
  switch (e.kind) {
    case 'Literal':
    case 'Identifier':
    case 'Self':
      return true;
    case 'FunctionCall':
      return isMetaCall(e);
    case 'Field':
      if (isMetaCall(e.target)) return META_FIELDS.has(e.name) && !e.caseInsensitive;
      return e.target.kind !== 'Slice' && inertExpr(e.target);
    default:
      return false;
  }
}

/**
 * A reader giving what `e`, compiled in `scope` (compile-expr.ts), evaluates to on a row whose
 * `alias` (the scope's default alias and its first keyspace alias) is bound to a stored
 * document: `alias` itself and `SELF` are the document, an unbound name is its field,
 * `a.b` the field of `a`, and `META().id` / `META(alias).id` the document key. Undefined for
 * any other expression (the caller then evaluates rows as they come). Field reads as
 * compile-path.ts `getField` (MISSING unless an object has the field as its own).
 */
export function documentReader(e: Expr, scope: Scope, alias: string): DocumentReader | undefined {
  switch (e.kind) {
    case 'Self':
      return scope.defaultAlias === alias ? (doc) => doc : undefined;
    case 'Identifier': {
      if (e.caseInsensitive) return undefined;
      const name = e.name;
      // The alias is bound by the Fetch's block (the scope here, or its parent when the projection
      // made an empty child scope); any other bound name (a WITH, an outer alias) is not read here.
      const bound = binder(scope, name);
      if (bound) {
        const projected = projectedPaths.get(bound);
        if (projected) {
          const path = projected.paths.get(name);
          return path ? documentReader(path, projected.base, alias) : undefined;
        }
        return name === alias ? (doc) => doc : undefined;
      }
      return scope.defaultAlias === alias ? (doc) => getField(doc, name) : undefined;
    }
    case 'Field': {
      if (e.caseInsensitive) return undefined;
      const t = e.target;
      if (isMetaCall(t)) {
        const metaAlias = t.args.length === 1 ? (t.args[0] as { name: string }).name : scope.keyspaceAliases[0];
        return e.name === 'id' && metaAlias === alias ? (_doc, key) => key : undefined;
      }
      if (t.kind === 'Slice') return undefined;
      const target = documentReader(t, scope, alias);
      if (!target) return undefined;
      const name = e.name;
      return (doc, key) => getField(target(doc, key), name);
    }
    default:
      return undefined;
  }
}
