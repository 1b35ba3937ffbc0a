/**
 * Expression printer: canonical, unambiguous, re-parseable N1QL text in the reference's
 * `String()` style: keywords lower-case, every operator parenthesised, every identifier
 * backticked, strings in double quotes, numbers as JSON. The per-kind map is exhaustive over
 * `Expr['kind']` (STYLE §3 habit 1).
 */
import { printWindow } from './print-window.js';
import type { Binding, Expr, FlattenKeyAttrs } from './index.js';
import type { Value } from '../values/index.js';
import { keywordTokens } from '../../grammar/tokens.js';
import { printStatement } from './print-statement.js';

const keywords = new Set(keywordTokens.map((t) => t.name.toLowerCase()));

type ExprPrinters = { [K in Expr['kind']]: (e: Extract<Expr, { kind: K }>) => string };

/** `` `name` `` with backticks doubled, and the `i` suffix for case-insensitive names. */
export function printName(name: string, caseInsensitive = false): string {
  return '`' + name.replaceAll('`', '``') + '`' + (caseInsensitive ? 'i' : '');
}

/** A value as N1QL literal text: JSON, with `missing` for MISSING and `-0` kept. */
export function printValue(v: Value): string {
  if (v === undefined) return 'missing';
  if (typeof v === 'number') {
    if (Object.is(v, -0)) return '-0';
    // An integral double in int64 range past 2^53 prints its exact digits, which parse back to it
    // (`JSON.stringify(2 ** 60)` is 1152921504606847000, which would parse as another int64).
    if (Number.isInteger(v) && Math.abs(v) >= 2 ** 53 && v >= -(2 ** 63) && v < 2 ** 63) return BigInt(v).toString();
    return JSON.stringify(v);
  }
  if (typeof v === 'bigint') return v.toString(); // exact digits: they parse back to the same int64
  if (Array.isArray(v)) return '[' + v.map(printValue).join(', ') + ']';
  if (v !== null && typeof v === 'object') {
    return '{' + Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}: ${printValue(x)}`).join(', ') + '}';
  }
  return JSON.stringify(v);
}

/** An operand that must be a postfix-level expression (path target, EXISTS, NEG): negative numbers get parentheses. */
function operand(e: Expr): string {
  const s = printExpr(e);
  return e.kind === 'Literal' && (typeof e.value === 'number' || typeof e.value === 'bigint') ? `(${s})` : s;
}

function bindings(bs: Binding[]): string {
  return bs
    .map((b) => `${b.nameVariable !== undefined ? printName(b.nameVariable) + ':' : ''}${printName(b.variable)} ${b.within ? 'within' : 'in'} ${printExpr(b.expr)}`)
    .join(', ');
}

/** A function name as written, backticked when it is not a plain identifier or is a keyword. */
function functionName(name: string): string {
  return /^[a-zA-Z_][a-zA-Z0-9_$]*$/.test(name) && !keywords.has(name.toLowerCase()) ? name : printName(name);
}

const binaryOps: Record<string, string> = { AND: 'and', OR: 'or' };

const printers: ExprPrinters = {
  Literal: (e) => (e.coveredCondition !== undefined ? `cover (${e.coveredCondition})` : printValue(e.value)),
  ArrayConstruct: (e) => '[' + e.items.map(printExpr).join(', ') + ']',
  ObjectConstruct: (e) => '{' + e.fields.map((f) => `${printExpr(f.name)}: ${printExpr(f.value)}`).join(', ') + '}',
  Identifier: (e) => printName(e.name, e.caseInsensitive),
  Self: () => 'self',
  // A covered expression index key (planner/cover-expressions.ts) prints as the reference's `cover (…)`.
  Field: (e) => (e.coveredKey !== undefined ? `cover (${e.coveredKey})` : `(${operand(e.target)}.${printName(e.name, e.caseInsensitive)})`),
  DynamicField: (e) => `(${operand(e.target)}.[${printExpr(e.name)}])`,
  Element: (e) => `(${operand(e.target)}[${printExpr(e.index)}])`,
  // The reference's form: `[1 : ]`, `[1 : 3]`, `[ : ]` for `a[]`.
  Slice: (e) => `(${operand(e.target)}[${e.start ? printExpr(e.start) + ' ' : ' '}:${e.end ? ' ' + printExpr(e.end) : ' '}])`,
  NamedParam: (e) => '$' + e.name,
  PositionalParam: (e) => '$' + e.position,
  Unary: (e) => (e.op === 'NOT' ? `(not ${printExpr(e.operand)})` : `(-${operand(e.operand)})`),
  Binary: (e) => `(${printExpr(e.left)} ${binaryOps[e.op] ?? e.op} ${printExpr(e.right)})`,
  Like: (e) =>
    `(${printExpr(e.operand)} ${e.not ? 'not ' : ''}like ${printExpr(e.pattern)}${e.escape ? ' escape ' + printExpr(e.escape) : ''})`,
  In: (e) => `(${printExpr(e.operand)} ${e.not ? 'not ' : ''}in ${printExpr(e.collection)})`,
  Between: (e) => `(${printExpr(e.operand)} ${e.not ? 'not ' : ''}between ${printExpr(e.low)} and ${printExpr(e.high)})`,
  Is: (e) => `(${printExpr(e.operand)} is ${e.not ? 'not ' : ''}${e.test.toLowerCase()})`,
  Case: (e) =>
    'case' +
    (e.subject ? ' ' + printExpr(e.subject) : '') +
    e.whens.map((w) => ` when ${printExpr(w.when)} then ${printExpr(w.then)}`).join('') +
    (e.else ? ' else ' + printExpr(e.else) : '') +
    ' end',
  Collection: (e) => `(${e.quantifier.toLowerCase()} ${bindings(e.bindings)} satisfies ${printExpr(e.satisfies)} end)`,
  ArrayFor: (e) => {
    const t = `${e.first ? 'first' : 'array'} ${printExpr(e.mapping)} for ${bindings(e.bindings)}${e.when ? ' when ' + printExpr(e.when) : ''} end`;
    return e.array ? `(${e.array.toLowerCase()} (${t}))` : `(${t})`;
  },
  ObjectFor: (e) =>
    `(object ${printExpr(e.name)} : ${printExpr(e.value)} for ${bindings(e.bindings)}${e.when ? ' when ' + printExpr(e.when) : ''} end)`,
  Exists: (e) => `(exists ${operand(e.operand)})`,
  FunctionCall: (e) =>
    (e.pathOperator && e.args.length === 1
      ? `(${operand(e.args[0])}[*])`
      : `${functionName(e.name)}(${e.star ? '*' : (e.distinct ? 'distinct ' : '') + e.args.map((a, i) => printExpr(a) + keyAttrsText(e.keyAttrs?.[i])).join(', ')})`) +
    (e.filter ? ` filter (where ${printExpr(e.filter)})` : '') +
    (e.fromLast ? ' FROM LAST' : '') +
    (e.ignoreNulls ? ' IGNORE NULLS' : '') +
    (e.over ? printWindow(e.over, printExpr) : ''),
  Subquery: (e) => `(${printStatement(e.query)})`,
  // The reference's form: `(next value for default:b.s.n)`.
  SequenceValue: (e) => `(${e.next ? 'next' : 'prev'} value for ${e.sequence.namespace}:${e.sequence.bucket}.${e.sequence.scope}.${e.sequence.name})`,
};

/** ` INCLUDE MISSING DESC` after a FLATTEN_KEYS argument, as the reference prints it (ASC is not printed). */
function keyAttrsText(a: FlattenKeyAttrs | undefined): string {
  return (a?.includeMissing ? ' INCLUDE MISSING' : '') + (a?.desc ? ' DESC' : '');
}

/** Prints an expression (its `loc` is ignored). */
export function printExpr(e: Expr): string {
  return (printers[e.kind] as (e: Expr) => string)(e);
}
