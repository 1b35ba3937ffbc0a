import type { Expr, Field } from '../ast/index.js';
import { metaOf } from './env.js';
import { getField } from './compile-path.js';
import type { Evaluator, Scope } from './scope.js';
import type { ObjectValue, Value } from '../values/index.js';

/** The keyspace alias of `META()` / `META(alias)`, or undefined when `e` is not such a call. */
export function metaCallAlias(e: Expr, scope: Scope): string | undefined {
  if (e.kind !== 'FunctionCall' || e.name.toLowerCase() !== 'meta' || e.args.length > 1) return undefined;
  const a = e.args[0];
  if (a === undefined) return scope.keyspaceAliases[0];
  return a.kind === 'Identifier' ? a.name : undefined;
}

/** True for `META([alias]).xattrs`. */
export function isMetaXattrs(e: Expr): boolean {
  return e.kind === 'Field' && e.name === 'xattrs' && e.target.kind === 'FunctionCall' && e.target.name.toLowerCase() === 'meta';
}

/**
 * The virtual xattr `$document` of a live document (couchbase/query reads it from the data
 * service): `CAS` as the reference's hex string, `deleted`, `exptime` (Unix seconds, 0: none),
 * `seqno`.
 */
function documentXattr(m: { cas: number; expiration: number; seqno?: number; deleted?: boolean }): ObjectValue {
  return { CAS: '0x' + BigInt(Math.trunc(m.cas)).toString(16).padStart(16, '0'), deleted: m.deleted === true, exptime: m.expiration, seqno: m.seqno ?? 0 };
}

/**
 * `META([alias]).xattrs` and `META([alias]).xattrs.name`: the document's extended attributes.
 * As the reference, which fetches only the xattrs a statement names, `META().xattrs` alone is
 * MISSING, and `META().xattrs.name` is that attribute (MISSING when the document has none of that
 * name); `$document` is the virtual xattr of the document's metadata. Undefined when `e` is
 * neither form (the caller compiles it as an ordinary field). Source: couchbase/query
 * `expression/func_meta.go`, suite test/gsi/test_cases/xattrs.
 */
export function compileXattrsField(e: Field, scope: Scope): Evaluator | undefined {
  if (isMetaXattrs(e)) return () => undefined;
  if (!isMetaXattrs(e.target)) return undefined;
  const alias = metaCallAlias((e.target as Field).target, scope);
  if (alias === undefined) return () => undefined;
  const name = e.name;
  if (name === '$document') {
    return (env) => {
      const m = metaOf(env, alias);
      return m ? documentXattr(m) : undefined;
    };
  }
  return (env): Value => {
    const x = metaOf(env, alias)?.xattrs;
    return x ? getField(x, name) : undefined;
  };
}
