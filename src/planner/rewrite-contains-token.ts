import type { Expr, FunctionCall } from '../ast/index.js';
import type { IndexInfo } from './catalog.js';
import { exprEquivalent } from '../semantic/expr-equivalent.js';
import { formalize } from '../semantic/formalize.js';

const PATTERN_FUNCTIONS = new Set(['contains_token', 'contains_token_like', 'contains_token_regexp']);

/** The TOKENS call of an index key `DISTINCT|ALL ARRAY v FOR v IN TOKENS(x, …) [WHEN …] END` (identity mapping) or `DISTINCT|ALL TOKENS(x, …)`, if it is one. */
function tokensCallOf(key: Expr): Expr | undefined {
  if (key.kind === 'ArrayFor') {
    const b = key.bindings;
    const identity = !key.first && b.length === 1 && !b[0].within && key.mapping.kind === 'Identifier' && key.mapping.name === b[0].variable;
    return identity ? b[0].expr : undefined;
  }
  return key; // the simple form: the key is the call itself
}

/**
 * The `x` of every index's first qualifying key (spec §10.3 step 1, the reference's loop over
 * `RangeKey()`): an array key over `TOKENS(x, …)` as {@link tokensCallOf} accepts it, wherever it
 * is among the keys. A WHEN clause does not disqualify it: the generated ANY is sargable only
 * where its SATISFIES implies the WHEN (§10.1), as a hand-written ANY.
 */
function tokenSubjects(indexes: IndexInfo[]): Expr[] {
  const out: Expr[] = [];
  for (const ix of indexes) {
    for (const k of ix.keys) {
      if (!k.array) continue;
      const call = tokensCallOf(formalize(k.expr, ix.alias));
      if (call?.kind === 'FunctionCall' && call.name === 'tokens' && call.args.length >= 1) {
        out.push(call.args[0]);
        break;
      }
    }
  }
  return out;
}

let counter = 0;

/**
 * The rewrite of spec §10.3: for every formalized conjunct `CONTAINS_TOKEN(x, tok [, o])` (or
 * `_LIKE` / `_REGEXP`) whose `x` is the subject of a token index, returns the extra conjunct
 * `ANY v IN TOKENS(x [, o]) SATISFIES v = tok END` (`v LIKE pattern`, `REGEXP_LIKE(v, pattern)`).
 * The original call stays in the filter; the extra conjunct only guides index selection, which
 * uses the index only if the options are equivalent (§10.2).
 */
export function containsTokenConjuncts(conjuncts: Expr[], indexes: IndexInfo[]): { origin: Expr; any: Expr }[] {
  const subjects = tokenSubjects(indexes);
  if (subjects.length === 0) return [];
  const out: { origin: Expr; any: Expr }[] = [];
  for (const c of conjuncts) {
    if (c.kind !== 'FunctionCall' || !PATTERN_FUNCTIONS.has(c.name) || c.args.length < 2) continue;
    const call = c as FunctionCall;
    const [x, arg, opts] = call.args;
    if (!subjects.some((s) => exprEquivalent(s, x))) continue;
    const v = `\u0000t${++counter}`;
    const ref: Expr = { kind: 'Identifier', name: v };
    const satisfies: Expr =
      call.name === 'contains_token'
        ? { kind: 'Binary', op: '=', left: ref, right: arg }
        : call.name === 'contains_token_like'
          ? { kind: 'Like', not: false, operand: ref, pattern: arg }
          : { kind: 'FunctionCall', name: 'regexp_like', args: [ref, arg] };
    const tokensCall: Expr = { kind: 'FunctionCall', name: 'tokens', args: opts ? [x, opts] : [x] };
    out.push({ origin: c, any: { kind: 'Collection', quantifier: 'ANY', bindings: [{ variable: v, within: false, expr: tokensCall }], satisfies } });
  }
  return out;
}
