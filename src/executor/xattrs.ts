import type { Expr } from '../ast/index.js';
import { ErrorCode, QueryError } from '../errors/index.js';
import { isMetaXattrs, metaCallAlias, metaOf, type Scope } from '../eval/index.js';
import type { Row } from './runtime.js';
import { compilePath, type CompiledPath } from './set-path.js';
import { cloneValue, isObject, type ObjectValue, type Value } from '../values/index.js';

/**
 * The `"xattrs"` member of an INSERT/UPSERT's OPTIONS (`VALUES (k, v, {"xattrs": {…}})`): the
 * document's extended attributes, copied; undefined when absent. Not an object: QueryError 5071
 * (the reference's E_INSERT_OPTIONS_TYPE). Source: suite test/gsi/test_cases/xattrs/case_xattrs.json.
 */
export function xattrsOption(options: Value): ObjectValue | undefined {
  if (!isObject(options) || options.xattrs === undefined) return undefined;
  const x = options.xattrs;
  if (!isObject(x)) throw new QueryError({ code: ErrorCode.INSERT_OPTIONS_TYPE, phase: 'execution', message: 'The "xattrs" option must be an object' });
  return cloneValue(x) as ObjectValue;
}

/**
 * For an UPDATE's SET/UNSET path: the path below `META([alias]).xattrs` (`META().xattrs.a.b` →
 * `a.b`, as an expression rooted at the identifier `a`), or undefined when the path is not an
 * xattr path. `META().xattrs` itself cannot be set (QueryError 3000).
 */
export function xattrSubpath(e: Expr, alias: string | undefined, scope: Scope): Expr | undefined {
  const steps: Expr[] = [];
  let cur: Expr = e;
  while (cur.kind === 'Field' || cur.kind === 'Element' || cur.kind === 'DynamicField') {
    if (isMetaXattrs(cur)) {
      const target = (cur as Expr & { kind: 'Field' }).target;
      if (metaCallAlias(target, scope) !== alias) return undefined;
      if (steps.length === 0) throw new QueryError({ code: ErrorCode.SYNTAX, phase: 'semantic', message: 'META().xattrs can only be set by name: META().xattrs.name', position: e.loc });
      return rebase(e, cur);
    }
    steps.push(cur);
    cur = cur.target;
  }
  return undefined;
}

/** `e` with the sub-expression `root` (META().xattrs) removed: its first field becomes an identifier. */
function rebase(e: Expr, root: Expr): Expr {
  if (e.kind !== 'Field' && e.kind !== 'Element' && e.kind !== 'DynamicField') return e;
  if (e.target === root) {
    if (e.kind !== 'Field') throw new QueryError({ code: ErrorCode.SYNTAX, phase: 'semantic', message: 'META().xattrs can only be set by name: META().xattrs.name', position: e.loc });
    return { kind: 'Identifier', name: e.name, loc: e.loc };
  }
  return { ...e, target: rebase(e.target, root) } as Expr;
}

/**
 * A SET/UNSET path of an UPDATE, compiled: relative to the document copy, or (`xattr`) relative
 * to the copy of the document's extended attributes (`META().xattrs.name…`).
 */
export function compileUpdatePath(e: Expr, alias: string, scope: Scope): { xattr: boolean; path: CompiledPath } {
  const sub = xattrSubpath(e, alias, scope);
  // The xattr path is rooted at its first name, never at the keyspace alias: a sentinel alias.
  return sub ? { xattr: true, path: compilePath(sub, '\u0000', scope) } : { xattr: false, path: compilePath(e, alias, scope) };
}

/** What an UPDATE path changes in a row: the document copy, or the xattrs copy (made on first use). */
export function updateTarget(row: Row, alias: string, xattr: boolean): Value {
  if (!xattr) return row.clone;
  return (row.xattrs ??= cloneValue(metaOf(row.env, alias)?.xattrs ?? {}) as ObjectValue);
}
