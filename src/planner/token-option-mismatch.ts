import type { Expr, FunctionCall } from '../ast/index.js';
import { printExpr } from '../ast/print.js';
import type { IndexInfo } from './catalog.js';
import { NOT_CONSTANT } from '../eval/index.js';
import { exprEquivalent } from '../semantic/expr-equivalent.js';
import { formalize, KS } from '../semantic/formalize.js';
import { foldedConstant } from '../semantic/static-expr.js';
import { implies } from './implies.js';
import { containsTokenConjuncts } from './rewrite-contains-token.js';
import { conjunctsOf } from './sarg-index.js';
import type { Value } from '../values/index.js';

/** The `TOKENS(x [, o])` an index key ranges over (`DISTINCT|ALL ARRAY v FOR v IN TOKENS(…) END` or `DISTINCT|ALL TOKENS(…)`). */
function indexTokensCall(key: Expr): FunctionCall | undefined {
  let e = key;
  if (e.kind === 'ArrayFor') {
    const b = e.bindings;
    if (e.first || b.length !== 1 || b[0]!.within || e.mapping.kind !== 'Identifier' || e.mapping.name !== b[0]!.variable) return undefined;
    e = b[0]!.expr;
  }
  return e.kind === 'FunctionCall' && e.name === 'tokens' && e.args.length >= 1 ? e : undefined;
}

/** The `TOKENS(x [, o])` an `ANY v IN TOKENS(x [, o]) SATISFIES … END` conjunct ranges over. */
function predicateTokensCall(c: Expr): FunctionCall | undefined {
  if (c.kind !== 'Collection' || c.quantifier === 'EVERY' || c.bindings.length !== 1 || c.bindings[0]!.within) return undefined;
  const e = c.bindings[0]!.expr;
  return e.kind === 'FunctionCall' && e.name === 'tokens' && e.args.length >= 1 ? e : undefined;
}

/** A formalized expression as the statement names it (the keyspace placeholder back to its alias). */
function deformalized(e: Expr, alias: string): string {
  const back = JSON.parse(JSON.stringify(e), (_k, v) => (v && v.kind === 'Identifier' && v.name === KS ? { ...v, name: alias } : v)) as Expr;
  const text = printExpr(back);
  // printExpr parenthesises a path (`(product.name)`): drop the pair when it encloses the whole text.
  let depth = 0;
  for (let i = 0; i < text.length - 1; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return text;
  }
  return text.startsWith('(') && text.endsWith(')') ? text.slice(1, -1) : text;
}

/** JSON text of a value as the warnings show it (`{"case": "lower"}`). */
function show(v: Value): string {
  if (v !== null && typeof v === 'object' && !Array.isArray(v)) return `{${Object.entries(v).filter(([, x]) => x !== undefined).map(([k, x]) => `${JSON.stringify(k)}: ${show(x as Value)}`).join(', ')}}`;
  return JSON.stringify(v) ?? 'MISSING';
}

/** How two constant option values differ, key by key (`"case" is "LOWER" here and "lower" in the index`). */
function differences(here: Value | undefined, there: Value | undefined): string[] {
  const isObj = (v: Value | undefined): v is Record<string, Value> => v !== null && typeof v === 'object' && !Array.isArray(v);
  if (here === undefined) return [`no options here and ${show(there!)} in the index`];
  if (there === undefined) return [`${show(here)} here and no options in the index`];
  if (!isObj(here) || !isObj(there)) return [`${show(here)} here and ${show(there)} in the index`];
  const keys = [...new Set([...Object.keys(here), ...Object.keys(there)])].filter((k) => here[k] !== undefined || there[k] !== undefined);
  const out: string[] = [];
  for (const k of keys) {
    const a = here[k];
    const b = there[k];
    if (a !== undefined && b !== undefined && show(a) === show(b)) continue;
    out.push(`${JSON.stringify(k)} is ${a === undefined ? 'not given' : show(a)} here and ${b === undefined ? 'not given' : show(b)} in the index`);
  }
  return out;
}

/**
 * Warnings for token predicates that an index over the same `TOKENS(x, …)` could serve but for
 * its options: the planner matches options exactly (spec §10.2, `{"case": "LOWER"}` ≢
 * `{"case": "lower"}`, `{}` ≢ omitted), so such a predicate silently scans the whole keyspace
 * (or finds no index at all). One warning per predicate and index, naming the index and the
 * option keys that differ; none when another usable index has the predicate's very options, or
 * when either side's options are not constant (a parameter). `where` is the block's WHERE over
 * `alias`, `bound` the names that are not fields of it, `indexes` the keyspace's indexes.
 * tokenql's own warning: the reference gives none.
 */
export function tokenOptionMismatches(where: Expr | undefined, alias: string, indexes: IndexInfo[], bound: ReadonlySet<string> = new Set()): string[] {
  if (!where) return [];
  const online = indexes.filter((ix) => ix.state === 'online' && !ix.isPrimary);
  const tokenKeys = online.flatMap((ix) => ix.keys.filter((k) => k.array).map((k) => ({ ix, call: indexTokensCall(formalize(k.expr, ix.alias)) })).filter((x) => x.call !== undefined)) as { ix: IndexInfo; call: FunctionCall }[];
  if (tokenKeys.length === 0) return [];
  const conjuncts = conjunctsOf(formalize(where, alias, bound));
  const usable = online.filter((ix) => !ix.where || implies(conjuncts, formalize(ix.where, ix.alias)));
  const keys = tokenKeys.filter((k) => usable.includes(k.ix));
  const anys = conjuncts.concat(containsTokenConjuncts(conjuncts, usable).map((r) => r.any));
  const out: string[] = [];
  for (const c of anys) {
    const call = predicateTokensCall(c);
    if (!call) continue;
    const sameSubject = keys.filter((k) => exprEquivalent(k.call.args[0]!, call.args[0]!));
    if (sameSubject.length === 0 || sameSubject.some((k) => exprEquivalent(k.call, call))) continue;
    const here = call.args[1] ? foldedConstant(call.args[1]) : undefined;
    if (here === NOT_CONSTANT) continue;
    for (const k of sameSubject) {
      const there = k.call.args[1] ? foldedConstant(k.call.args[1]) : undefined;
      if (there === NOT_CONSTANT) continue;
      const msg =
        `token index ${k.ix.name} is not used for TOKENS(${deformalized(call.args[0]!, alias)}${call.args[1] ? `, ${show(here as Value)}` : ''}): ` +
        `its options differ (${differences(here as Value | undefined, there as Value | undefined).join('; ')}); an index serves only the same options, compared exactly`;
      if (!out.includes(msg)) out.push(msg);
    }
  }
  return out;
}
