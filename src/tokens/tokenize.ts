import type { ObjectValue, Value } from '../values/index.js';
import type { TokenOptions } from './options.js';
import { nameTokens } from './name-tokens.js';
import { scanString } from './scan-string.js';
import { acquireStringTable, releaseStringTable } from './string-table.js';
import { TokenSet, type TokenSink } from './token-set.js';

function walk(v: Value, opts: TokenOptions, set: TokenSink): void {
  switch (typeof v) {
    case 'string':
      scanString(v, opts, set);
      return;
    case 'number':
      set.addNumber(v);
      return;
    case 'bigint':
      set.addNumber(Number(v)); // tokens are doubles (docs/compatibility.md)
      return;
    case 'boolean':
      set.addBoolean(v);
      return;
    case 'object':
      if (v === null) {
        set.addNull();
      } else if (Array.isArray(v)) {
        for (let i = 0; i < v.length; i++) walk(v[i], opts, set);
      } else {
        walkObject(v, opts, set);
      }
      return;
    default:
      return; // MISSING contributes nothing
  }
}

function walkObject(o: ObjectValue, opts: TokenOptions, set: TokenSink): void {
  const names = opts.names;
  for (const k in o) {
    const x = o[k];
    if (x === undefined) continue; // a MISSING field does not exist
    if (names) addName(k, opts, set);
    walk(x, opts, set);
  }
}

/** Adds the tokens of a field name, from the name cache; a name seen earlier in this call adds nothing new. */
function addName(k: string, opts: TokenOptions, set: TokenSink): void {
  const e = nameTokens(k, opts);
  if (e.stamp === set.stamp) return;
  e.stamp = set.stamp;
  const { tokens, hashes } = e;
  for (let i = 0; i < tokens.length; i++) set.addHashed(tokens[i], hashes[i]);
}

/** Sends the tokens of `v` to `sink`, in the order {@link tokens} describes (the sink de-duplicates). */
export function walkTokens(v: Value, opts: TokenOptions, sink: TokenSink): void {
  walk(v, opts, sink);
}

/**
 * TOKENS semantics (spec §4–§5): the distinct tokens of `v` — strings are split into words
 * (or kept whole with `split:false`), numbers, booleans and null are tokens themselves, arrays
 * are flattened, objects contribute their tokenized field names (unless `names:false`) and their
 * values; MISSING contributes nothing. Order (DESIGN §7): first occurrence in a depth-first
 * walk, a field's name before its value, fields in object order; for one string, its word runs
 * before its specials. The NULL/MISSING rules of the function itself are in
 * `eval/functions/token.ts`: here `tokens(null)` is `[null]` and `tokens(undefined)` is `[]`.
 */
export function tokens(v: Value, opts: TokenOptions): Value[] {
  const table = acquireStringTable();
  try {
    const set = new TokenSet(opts.case, table);
    walk(v, opts, set);
    return set.out;
  } finally {
    releaseStringTable(table);
  }
}
