import type { Expr, Statement } from '../ast/index.js';
import { printExpr } from '../ast/print.js';
import { arrayLevels, flattenChain, isFlattenKeys } from '../catalog/index.js';
import { ErrorCode, QueryError } from '../errors/index.js';
import { near } from './analyze.js';

const error = (code: number, message: string, e: Expr) => new QueryError({ code, phase: 'semantic', message, position: e.loc });

/** FLATTEN_KEYS takes 1 to 32 keys (reference: 3000 "Number of arguments to function flatten_keys must be between 1 and 32."). */
const MAX_FLATTEN_KEYS = 32;

/**
 * Where FLATTEN_KEYS and nested `(DISTINCT|ALL ARRAY … END)` may be written, as the reference
 * checks them (couchbase/query `expression/func_flatten_keys.go`, `semantics/`; its answers):
 * - FLATTEN_KEYS only as the innermost mapping of an array index key of CREATE INDEX
 *   (`DISTINCT|ALL ARRAY [(DISTINCT ARRAY …] FLATTEN_KEYS(…) FOR … END`), with 1 to 32 keys;
 *   anywhere else 3283 "flatten_keys(…) is not allowed in this context.";
 * - `(DISTINCT|ALL ARRAY … END)` only as the mapping of an array index key (a nested array
 *   key); anywhere else 3284 "ALL/DISTINCT is not allowed in (distinct (array … end)).";
 * - INCLUDE MISSING on a flattened key only on the first key of the leading index key:
 *   3281 "(`c`.`name`) (near line 1, column 69) MISSING attribute not allowed (Only allowed with gsi leading key).".
 * @throws QueryError with those codes.
 */
export function checkFlattenKeys(s: Statement): void {
  if (s.kind === 'CreateIndex') {
    s.keys.forEach((k, i) => {
      const chain = flattenChain(k);
      const levels = k.array ? arrayLevels(k.expr) : undefined;
      if (!levels) return walk(k.expr);
      for (const l of levels) {
        l.bindings.forEach((b) => walk(b.expr));
        if (l.when) walk(l.when);
      }
      if (!chain) return walk(levels[levels.length - 1].mapping);
      const { call } = chain;
      if (call.args.length < 1 || call.args.length > MAX_FLATTEN_KEYS) {
        throw error(ErrorCode.SYNTAX, `Number of arguments to function flatten_keys must be between 1 and ${MAX_FLATTEN_KEYS}.`, call);
      }
      call.args.forEach((a, j) => {
        if (call.keyAttrs?.[j]?.includeMissing && (i > 0 || j > 0)) {
          throw error(ErrorCode.INDEX_MISSING_NOT_LEADING, near(`${printExpr(a)}`, a.loc, '') + ' MISSING attribute not allowed (Only allowed with gsi leading key).', a);
        }
        walk(a);
      });
    });
    for (const e of [s.where, s.with, ...(s.include ?? []), ...(s.partition ?? [])]) if (e) walk(e);
    return;
  }
  walk(s);
}

/** Raises 3283 / 3284 at the first FLATTEN_KEYS or nested array key in `node` (any AST value). */
function walk(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(walk);
  if (!node || typeof node !== 'object') return;
  const o = node as Record<string, unknown>;
  if (typeof o.kind === 'string') {
    const e = o as unknown as Expr;
    if (isFlattenKeys(e)) {
      if (e.args.length < 1 || e.args.length > MAX_FLATTEN_KEYS) throw error(ErrorCode.SYNTAX, `Number of arguments to function flatten_keys must be between 1 and ${MAX_FLATTEN_KEYS}.`, e);
      throw error(ErrorCode.FLATTEN_KEYS_CONTEXT, `${printExpr(e)} is not allowed in this context.`, e);
    }
    if (e.kind === 'ArrayFor' && e.array) throw error(ErrorCode.ARRAY_KEY_CONTEXT, `ALL/DISTINCT is not allowed in ${printExpr(e)}.`, e);
  }
  for (const [k, v] of Object.entries(o)) if (k !== 'loc') walk(v);
}
