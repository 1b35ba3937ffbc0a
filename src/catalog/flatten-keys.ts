import type { ArrayFor, Expr, FunctionCall, IndexKey } from '../ast/index.js';

/**
 * FLATTEN_KEYS array index keys (Couchbase 7.0+):
 * `DISTINCT|ALL ARRAY FLATTEN_KEYS(k1 [ASC|DESC], …, kn) FOR v IN path [WHEN c] END`, possibly
 * nested (`DISTINCT ARRAY (DISTINCT ARRAY FLATTEN_KEYS(p.n, c.d) FOR p IN c.pages END) FOR c IN
 * chapters END`). Such a key stands for n index key positions: each element (innermost binding)
 * gives one entry whose positions hold k1..kn, each with its own direction. The index manager,
 * the storage (a direction per position) and the planner (spans per position) see the positions
 * ({@link expandIndexKeys}); `system:indexes` prints the key as written.
 * Source: couchbase/query `expression/func_flatten_keys.go`, `planner/sarg_flatten_keys.go`
 * (read for the behaviour, not copied).
 */

/** The chain of an array key down to its FLATTEN_KEYS call: the ArrayFor of each level, outermost first. */
export interface FlattenChain {
  levels: ArrayFor[];
  call: FunctionCall;
}

/** True for a `flatten_keys(…)` call. */
export function isFlattenKeys(e: Expr): e is FunctionCall {
  return e.kind === 'FunctionCall' && e.name.toLowerCase() === 'flatten_keys' && !e.over;
}

/**
 * The levels of a (possibly nested) array index key: the key's ArrayFor, then each mapping that
 * is a nested `(DISTINCT|ALL ARRAY … END)`. Undefined when `e` is not an ARRAY … FOR … END.
 */
export function arrayLevels(e: Expr): ArrayFor[] | undefined {
  if (e.kind !== 'ArrayFor' || e.first) return undefined;
  const levels: ArrayFor[] = [e];
  let m = e.mapping;
  while (m.kind === 'ArrayFor' && m.array && !m.first) {
    levels.push(m);
    m = m.mapping;
  }
  return levels;
}

/** The FLATTEN_KEYS chain of an array index key, or undefined when its innermost mapping is no FLATTEN_KEYS. */
export function flattenChain(k: Pick<IndexKey, 'expr' | 'array'>): FlattenChain | undefined {
  if (!k.array) return undefined;
  const levels = arrayLevels(k.expr);
  if (!levels) return undefined;
  const call = levels[levels.length - 1].mapping;
  return isFlattenKeys(call) ? { levels, call } : undefined;
}

/** The levels with the innermost mapping replaced by `mapping` (the ArrayFors copied, the rest shared). */
export function withInnermost(levels: readonly ArrayFor[], mapping: Expr): Expr {
  let out = mapping;
  for (let i = levels.length - 1; i >= 0; i--) out = { ...levels[i], mapping: out };
  return out;
}

/**
 * The index key positions of an index definition: each FLATTEN_KEYS array key becomes one array
 * key per flattened key (`DISTINCT ARRAY ch.num FOR ch IN chapters END` for `ch.num`), with
 * that key's direction and INCLUDE MISSING, and `flatten` saying which of the group it is.
 * Other keys are returned as they are. The array is `keys` itself when there is no FLATTEN_KEYS.
 */
export function expandIndexKeys(keys: readonly IndexKey[]): IndexKey[] {
  if (!keys.some((k) => flattenChain(k))) return keys as IndexKey[];
  return keys.flatMap((k) => {
    const chain = flattenChain(k);
    if (!chain) return [k];
    const { levels, call } = chain;
    return call.args.map((arg, at): IndexKey => {
      const a = call.keyAttrs?.[at];
      return {
        expr: withInnermost(levels, arg),
        array: k.array,
        desc: !!a?.desc,
        ...(a?.includeMissing ? { includeMissing: true } : {}),
        flatten: { at, count: call.args.length },
      };
    });
  });
}
