import type { CreateIndexStatement, Expr, IndexKey } from '../ast/index.js';
import { arrayLevels, flattenChain, withInnermost } from '../catalog/index.js';
import { bindDocument, compileExpr, constantValue, getField, NOT_CONSTANT, rootEnv, type ExecContext, type Evaluator, type Scope } from '../eval/index.js';
import { canonicalKey } from '../values/index.js';
import type { StoredDocument } from '../storage/index.js';
import { parseTokenOptions, tokens, type TokenOptions } from '../tokens/index.js';
import { isObject, truth, type Value } from '../values/index.js';

/** Computes the index entries (composite keys) of one document; each entry at most once. */
export type EntryFunction = ((doc: StoredDocument) => Value[][]) & {
  /**
   * For a one-key index on `TOKENS(path[, constant options])`: the field path (read with
   * {@link readPath}) and the options, so that a build can tokenize with a `TokenInterner`.
   */
  tokensOf?: { path: string[]; options: TokenOptions };
};

const CTX: ExecContext = { named: {}, positional: [], warn: () => {}, now: 0 };

/** `a.b.c` (or `alias.a.b`) as a field path, or undefined. */
function fieldPath(e: Expr, alias: string): string[] | undefined {
  const path: string[] = [];
  let cur = e;
  while (cur.kind === 'Field' && !cur.caseInsensitive) {
    path.unshift(cur.name);
    cur = cur.target;
  }
  if (cur.kind !== 'Identifier' || cur.caseInsensitive) return undefined;
  if (cur.name !== alias) path.unshift(cur.name);
  return path.length ? path : undefined;
}

/** The value at a field path of a document (MISSING when a step is not an object or lacks the field). */
export function readPath(v: Value, path: string[]): Value {
  for (const name of path) v = getField(v, name);
  return v;
}

/**
 * Recognizes the common key `ARRAY v FOR v IN TOKENS(path [, constant options]) END` (and
 * `DISTINCT TOKENS(…)`), whose entries are TOKENS of the field (already distinct), computed
 * without building an environment per document. Undefined when the key has another shape.
 */
function tokensFastPath(e: Expr, alias: string): { path: string[]; options: TokenOptions } | undefined {
  let call: Expr = e;
  if (e.kind === 'ArrayFor') {
    const b = e.bindings[0];
    if (e.first || e.when || e.bindings.length !== 1 || b.within || b.nameVariable) return undefined;
    if (e.mapping.kind !== 'Identifier' || e.mapping.name !== b.variable) return undefined;
    call = b.expr;
  }
  if (call.kind !== 'FunctionCall' || call.name.toLowerCase() !== 'tokens' || call.args.length < 1 || call.args.length > 2) return undefined;
  const path = fieldPath(call.args[0], alias);
  const opts = call.args.length === 2 ? constantValue(call.args[1]) : undefined;
  if (!path || opts === NOT_CONSTANT) return undefined;
  if (call.args.length === 2 && !isObject(opts)) return undefined;
  return { path, options: parseTokenOptions(opts) };
}

/** Distinct elements of an array (one entry per element and document). */
function distinctElements(arr: Value[]): Value[] {
  if (arr.length < 2) return arr;
  const seen = new Set<string>();
  const out: Value[] = [];
  for (const e of arr) {
    const k = typeof e === 'string' ? 's' + e : canonicalKey(e);
    if (!seen.has(k)) {
      seen.add(k);
      out.push(e);
    }
  }
  return out;
}

/**
 * The entry function of an index whose keys are all field paths (`type`, `(country, city)`,
 * `geo.alt DESC`) with no WHERE: the values read with {@link readPath}, without an environment
 * per document, as the general evaluator gives them (no entry when the leading key is MISSING).
 */
function fieldsEntries(paths: string[][], includeMissing: boolean): EntryFunction {
  return (d) => {
    const first = readPath(d.value, paths[0]);
    if (first === undefined && !includeMissing) return [];
    const entry = new Array<Value>(paths.length);
    entry[0] = first;
    for (let i = 1; i < paths.length; i++) entry[i] = readPath(d.value, paths[i]);
    return [entry];
  };
}

/**
 * Compiles an index definition into its entry function, with the reference's GSI rules:
 * a document is indexed only if it satisfies the partial-index WHERE and its leading key is
 * not MISSING (or the leading key is `INCLUDE MISSING`: then MISSING is a key value, the
 * lowest); an array key (`DISTINCT|ALL ARRAY … END` or `DISTINCT|ALL expr`) gives one
 * entry per distinct element (MISSING mapped values are skipped) and no entry when it is not a
 * non-empty array. At most one array key per index. ALL and DISTINCT keys give the same entries
 * here, because an entry is (key, document) and a scan returns each document once (a covering
 * UNNEST scan reads an ALL key's duplicates from {@link compileIndexOccurrences}).
 * Source: couchbase/query `datastore/index.go`, GSI array indexing.
 */
export function compileIndexEntries(def: Pick<CreateIndexStatement, 'keys' | 'where'>, alias: string, keyspace: string): EntryFunction {
  return rememberingLast(entriesOf(def, alias, keyspace));
}

/**
 * `f` remembering the entries of the last document it was given: a write of the file store
 * needs them twice, for the index and for the index's file, and a TOKENS key need not be
 * tokenized twice. Stored documents are never changed in place (a write makes a new one).
 */
function rememberingLast(f: EntryFunction): EntryFunction {
  let last: StoredDocument | undefined;
  let entries: Value[][] = [];
  const g: EntryFunction = (d) => {
    if (d !== last) {
      entries = f(d);
      last = d;
    }
    return entries;
  };
  if (f.tokensOf) g.tokensOf = f.tokensOf;
  return g;
}

/**
 * The occurrences of a document's entries: as {@link compileIndexEntries}, but an `ALL` array
 * key gives one entry per element occurrence (`[1, 2, 1]` gives 1 twice), as a GSI `ALL` index
 * holds them. The index keeps each (entry, document) once; a covering scan that turns each entry
 * into rows (an UNNEST answered from the index, planner/cover-unnest.ts) reads how many times
 * an entry occurs, and each occurrence's own value, from this function.
 * Source: couchbase/query `datastore/index.go` (ALL array keys keep duplicates).
 */
export function compileIndexOccurrences(def: Pick<CreateIndexStatement, 'keys' | 'where'>, alias: string, keyspace: string): (doc: StoredDocument) => Value[][] {
  return rememberingLast(entriesOf(def, alias, keyspace, true));
}

/** The entry function of an index definition (see {@link compileIndexEntries}); `occurrences`: an ALL key's duplicates are kept. */
function entriesOf(def: Pick<CreateIndexStatement, 'keys' | 'where'>, alias: string, keyspace: string, occurrences = false): EntryFunction {
  const scope: Scope = { names: new Set([alias]), defaultAlias: alias, keyspaceAliases: [alias] };
  const arrayAt = def.keys.findIndex((k) => k.array);
  const keepAll = occurrences && arrayAt >= 0 && def.keys[arrayAt].array === 'ALL';
  // `INCLUDE MISSING` on the leading key: a document whose leading key is MISSING has an entry too.
  const includeMissing = !!def.keys[0]?.includeMissing;
  if (!def.where && def.keys.length === 1 && arrayAt === 0 && !keepAll) {
    const fast = tokensFastPath(def.keys[0].expr, alias);
    if (fast) {
      const { path, options } = fast;
      const f: EntryFunction = (d) => {
        const v = readPath(d.value, path);
        return v === undefined ? [] : tokens(v, options).map((e) => [e]);
      };
      f.tokensOf = fast;
      return f;
    }
  }
  if (!def.where && arrayAt < 0) {
    const paths = def.keys.map((k) => fieldPath(k.expr, alias));
    if (paths.every((p) => p !== undefined)) return fieldsEntries(paths as string[][], includeMissing);
  }
  const where = def.where ? compileExpr(def.where, scope) : undefined;
  const group = arrayAt >= 0 ? elementTuples(def.keys[arrayAt], scope) : undefined;
  if (group) return groupEntries(def.keys, arrayAt, group, scope, where, alias, keyspace, keepAll);
  const keys: Evaluator[] = def.keys.map((k) => compileExpr(k.expr, scope));
  return (d) => {
    const env = rootEnv();
    bindDocument(env, alias, d.value, { id: d.key, cas: d.meta.cas, expiration: d.meta.expiration, seqno: d.meta.seqno, keyspace: `default:${keyspace}`, xattrs: d.meta.xattrs });
    if (where && !truth(where(env, CTX))) return [];
    const values = keys.map((k) => k(env, CTX));
    if (arrayAt < 0) return values[0] === undefined && !includeMissing ? [] : [values];
    const arr = values[arrayAt];
    if (!Array.isArray(arr) || arr.length === 0) return [];
    if (arrayAt > 0 && values[0] === undefined && !includeMissing) return [];
    const elements = keepAll ? arr : distinctElements(arr);
    if (values.length === 1) return elements.map((e) => [e]);
    return elements.map((e) => {
      const entry = values.slice();
      entry[arrayAt] = e;
      return entry;
    });
  };
}

/** Binds the document `d` of keyspace `keyspace` to `alias` in a new root environment. */
function documentEnv(d: StoredDocument, alias: string, keyspace: string): ReturnType<typeof rootEnv> {
  const env = rootEnv();
  bindDocument(env, alias, d.value, { id: d.key, cas: d.meta.cas, expiration: d.meta.expiration, seqno: d.meta.seqno, keyspace: `default:${keyspace}`, xattrs: d.meta.xattrs });
  return env;
}

/** The arrays `depth` levels down in `v` (a nested array key's value), spliced into one list. */
function leaves(v: Value, depth: number, out: Value[] = []): Value[] {
  if (!Array.isArray(v)) return out;
  if (depth === 0) out.push(...v);
  else for (const x of v) leaves(x, depth - 1, out);
  return out;
}

/** The element tuples of an array key: one `Value[]` per element (its positions), with a distinctness key. */
type TupleFunction = ((env: ReturnType<typeof rootEnv>) => { tuple: Value[]; key: string }[]) & {
  /** FLATTEN_KEYS(k1..kn): n, the positions of a tuple. */
  flattened?: number;
};

/**
 * The element tuples of a FLATTEN_KEYS or nested array key (catalog/flatten-keys.ts), or
 * undefined for a plain array key. FLATTEN_KEYS(k1..kn) is evaluated as the object
 * `{"0": k1, …}` (so that a MISSING key stays MISSING); a nested key's arrays are spliced one
 * level per nesting, as GSI indexes nested array keys. An element whose first flattened key is
 * MISSING has no entry unless that key is INCLUDE MISSING (as a plain array key skips MISSING
 * mapped values). Source: couchbase/query `expression/func_flatten_keys.go`, GSI array indexing.
 */
function elementTuples(k: IndexKey, scope: Scope): TupleFunction | undefined {
  const levels = arrayLevels(k.expr);
  if (!k.array || !levels) return undefined;
  const chain = flattenChain(k);
  const depth = levels.length - 1;
  if (!chain) {
    if (depth === 0) return undefined;
    const f = compileExpr(k.expr, scope);
    return (env) => leaves(f(env, CTX), depth).map((v) => ({ tuple: [v], key: canonicalKey(v) }));
  }
  const n = chain.call.args.length;
  const object: Expr = { kind: 'ObjectConstruct', fields: chain.call.args.map((value, i) => ({ name: { kind: 'Literal', value: String(i) }, value })) };
  const f = compileExpr(withInnermost(levels, object), scope);
  const keepMissing = !!chain.call.keyAttrs?.[0]?.includeMissing;
  const g: TupleFunction = (env) => {
    const out: { tuple: Value[]; key: string }[] = [];
    for (const o of leaves(f(env, CTX), depth)) {
      if (!isObject(o)) continue;
      const tuple = new Array<Value>(n);
      for (let i = 0; i < n; i++) tuple[i] = o[String(i)];
      if (tuple[0] === undefined && !keepMissing) continue;
      out.push({ tuple, key: canonicalKey(o) });
    }
    return out;
  };
  g.flattened = n;
  return g;
}

/**
 * The entries of an index whose array key (at `arrayAt` of the written keys) gives element
 * tuples: the keys before it, the tuple's positions, the keys after it. DISTINCT keeps each
 * tuple once per document; `keepAll` (an ALL key's occurrences) keeps them all.
 */
function groupEntries(
  keys: readonly IndexKey[],
  arrayAt: number,
  group: TupleFunction,
  scope: Scope,
  where: Evaluator | undefined,
  alias: string,
  keyspace: string,
  keepAll: boolean,
): EntryFunction {
  const scalars = keys.map((k, i) => (i === arrayAt ? undefined : compileExpr(k.expr, scope)));
  return (d) => {
    const env = documentEnv(d, alias, keyspace);
    if (where && !truth(where(env, CTX))) return [];
    const before: Value[] = [];
    const after: Value[] = [];
    for (let i = 0; i < scalars.length; i++) if (i !== arrayAt) (i < arrayAt ? before : after).push(scalars[i]!(env, CTX));
    // No entry when the leading key is MISSING, unless it is INCLUDE MISSING.
    if (arrayAt > 0 && before[0] === undefined && !keys[0]?.includeMissing) return [];
    let tuples = group(env);
    // A FLATTEN_KEYS key after the leading key: a document without elements has one entry, its
    // flattened keys MISSING (as GSI keeps documents whose non-leading array key is MISSING), so
    // a scan that does not constrain the key still sees every document.
    if (tuples.length === 0 && group.flattened && arrayAt > 0) tuples = [{ tuple: new Array<Value>(group.flattened).fill(undefined), key: '' }];
    if (!keepAll && tuples.length > 1) {
      const seen = new Set<string>();
      tuples = tuples.filter((t) => !seen.has(t.key) && !!seen.add(t.key));
    }
    return tuples.map((t) => [...before, ...t.tuple, ...after]);
  };
}
