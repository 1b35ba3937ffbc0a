/**
 * The expression half of SANITIZE's printer: an expression in the reference's `String()` style
 * (keywords lower case, operators parenthesised, names backticked) with every constant
 * sub-expression replaced by a parameter `$_n1`, `$_n2`, … whose value goes to the
 * `parametersMap`, and with names formalized against the block's only keyspace (`x` →
 * `` (`orders`.`x`) ``). A constant is a literal, an array or object of constants, or arithmetic
 * over constants (`5*24*60*60` is one parameter, 432000). `a > b` prints as `(b < a)`, as the
 * reference normalises it. Source: couchbase/query `expression/func_sanitize.go` (behaviour
 * checked against the reference with `SELECT SANITIZE("…")`).
 */
import type { Binding, Expr } from '../../ast/index.js';
import { printName, printValue } from '../../ast/print-expr.js';
import type { FrameBound, WindowSpec } from '../../ast/window.js';
import type { Value } from '../../values/index.js';
import { ErrorCode, QueryError } from '../../errors/index.js';

/** Where a sanitized expression is printed: the parameters so far and the names in scope. */
export interface SanitizeScope {
  /** The parameters collected so far (`_n1` → value), in numbering order. */
  params: Map<string, Value>;
  /** False for clauses whose literals stay (DDL, the reference keeps them). */
  parameterize: boolean;
  /** The only keyspace alias of the block: unbound bare names become its fields. */
  alias?: string;
  /** Names that are not fields: LET/WITH/FOR variables, keyspace aliases. */
  bound: ReadonlySet<string>;
  /** Whether `META()` gets the alias as argument (true in SELECT blocks and UPDATE). */
  metaAlias: boolean;
  /** True for the query of a WITH RECURSIVE binding (its UNION prints as a recursive CTE). */
  recursiveCte?: boolean;
  /** True in a block with several FROM terms: an unbound bare name there is error 3080. */
  ambiguous?: boolean;
  /** The WITH aliases in scope (a FROM term naming one is printed `(`x`)`, not as a keyspace). */
  withNames?: ReadonlySet<string>;
  /** Named windows of the block (`OVER w` is printed with w's specification). */
  windows?: ReadonlyMap<string, WindowSpec>;
  /** Prints a subquery (set by the statement printer). */
  subquery?: (q: import('../../ast/index.js').SelectStatement, scope: SanitizeScope) => string;
}

/** The value of a constant expression, or `none` when the expression is not constant. */
const none = Symbol('not constant');
/**
 * Arithmetic counts as constant only inside an array or object constructor (`nested`): the
 * reference's parser folds constant constructors, not operators (`5*2` stays `($_n1 * $_n2)`).
 */
function constant(e: Expr, nested = false): Value | typeof none {
  switch (e.kind) {
    case 'Literal':
      return e.value;
    case 'ArrayConstruct': {
      const out: Value[] = [];
      for (const i of e.items) {
        const v = constant(i, true);
        if (v === none) return none;
        out.push(v);
      }
      return out;
    }
    case 'ObjectConstruct': {
      const out: Record<string, Value> = {};
      for (const f of e.fields) {
        const n = constant(f.name, true);
        const v = constant(f.value, true);
        if (typeof n !== 'string' || v === none) return none;
        if (v !== undefined) out[n] = v;
      }
      return out;
    }
    case 'Unary': {
      if (!nested) return none;
      const v = constant(e.operand, true);
      return e.op === 'NEG' && typeof v === 'number' ? -v : none;
    }
    case 'Binary': {
      if (!nested || !['+', '-', '*', '/'].includes(e.op)) return none;
      const a = constant(e.left, true);
      const b = constant(e.right, true);
      if (typeof a !== 'number' || typeof b !== 'number') return none;
      return e.op === '+' ? a + b : e.op === '-' ? a - b : e.op === '*' ? a * b : b === 0 ? none : a / b;
    }
    default:
      return none;
  }
}

/** Adds `v` as the next parameter and returns its `$_nN` text. */
export function addParam(scope: SanitizeScope, v: Value): string {
  const name = `_n${scope.params.size + 1}`;
  scope.params.set(name, v);
  return '$' + name;
}

function withBound(scope: SanitizeScope, names: string[]): SanitizeScope {
  return { ...scope, bound: new Set([...scope.bound, ...names]) };
}

function bindings(bs: Binding[], scope: SanitizeScope): [string, SanitizeScope] {
  let inner = scope;
  const parts: string[] = [];
  for (const b of bs) {
    parts.push(`${b.nameVariable !== undefined ? printName(b.nameVariable) + ':' : ''}${printName(b.variable)} ${b.within ? 'within' : 'in'} ${sanitizeExpr(b.expr, scope)}`);
    inner = withBound(inner, [b.variable, ...(b.nameVariable !== undefined ? [b.nameVariable] : [])]);
  }
  return [parts.join(', '), inner];
}

/** `NOT IN`, `NOT LIKE`, `NOT BETWEEN` print as the reference's `(not (…))`. */
const not = (negated: boolean, text: string) => (negated ? `(not ${text})` : text);

const compareFlip: Record<string, string> = { '>': '<', '>=': '<=' };

/** A window specification as the reference prints it, with its named base resolved. */
export function sanitizeWindow(w: WindowSpec, scope: SanitizeScope): string {
  let spec = w;
  if (w.name !== undefined && scope.windows?.has(w.name)) {
    const base = scope.windows.get(w.name)!;
    spec = { partitionBy: w.partitionBy.length ? w.partitionBy : base.partitionBy, orderBy: w.orderBy ?? base.orderBy, frame: w.frame ?? base.frame };
  }
  const p = (e: Expr) => sanitizeExpr(e, scope);
  let s = ' OVER (';
  const parts: string[] = [];
  if (spec.partitionBy.length) parts.push('PARTITION BY ' + spec.partitionBy.map(p).join(', '));
  if (spec.orderBy?.length) parts.push('ORDER BY ' + spec.orderBy.map((o) => p(o.expr) + (o.desc ? ' DESC' : '') + (o.nulls ? ' NULLS ' + o.nulls : '')).join(', '));
  const f = spec.frame;
  if (f) {
    const bound = (b: FrameBound) => ('offset' in b ? `${p(b.offset)} ${b.kind}` : b.kind);
    parts.push(f.unit + (f.end ? ` BETWEEN ${bound(f.start)} AND ${bound(f.end)}` : ' ' + bound(f.start)) + (f.exclude && f.exclude !== 'NO OTHERS' ? ' EXCLUDE ' + f.exclude : ''));
  }
  s += parts.join(' ');
  return s + ')';
}

/**
 * Prints `e` sanitized (see the module comment); parameters are numbered in print order.
 * Raises nothing: every expression kind has a form.
 */
export function sanitizeExpr(e: Expr, scope: SanitizeScope): string {
  const p = (x: Expr, s: SanitizeScope = scope) => sanitizeExpr(x, s);
  if (scope.parameterize) {
    // A negative number is the reference's negation of a positive literal: `(-$_n1)`.
    if (e.kind === 'Literal' && typeof e.value === 'number' && (e.value < 0 || Object.is(e.value, -0))) return `(-${addParam(scope, -e.value)})`;
    const v = constant(e);
    if (v !== none) return addParam(scope, v as Value);
  }
  switch (e.kind) {
    case 'Literal':
      return printValue(e.value);
    case 'ArrayConstruct':
      return '[' + e.items.map((i) => p(i)).join(', ') + ']';
    case 'ObjectConstruct': {
      const fields = e.fields.map((f) => ({ name: f.name, value: f.value, key: f.name.kind === 'Literal' ? String(f.name.value) : '' }));
      fields.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      const ns = { ...scope, parameterize: false };
      return '{' + fields.map((f) => `${p(f.name, f.name.kind === 'Literal' ? ns : scope)}: ${p(f.value)}`).join(', ') + '}';
    }
    case 'Identifier':
      if (scope.alias === undefined && scope.ambiguous && !scope.bound.has(e.name)) {
        const at = e.loc ? ` (near line ${e.loc.line}, column ${e.loc.column})` : '';
        throw new QueryError({ code: ErrorCode.AMBIGUOUS_REFERENCE, phase: 'execution', message: `Ambiguous reference to field '${e.name}'${at}.`, position: e.loc });
      }
      if (scope.alias === undefined || scope.bound.has(e.name) || e.name === scope.alias) return printName(e.name, e.caseInsensitive);
      return `(${printName(scope.alias)}.${printName(e.name, e.caseInsensitive)})`;
    case 'Self':
      return 'self';
    case 'Field':
      return `(${p(e.target)}.${printName(e.name, e.caseInsensitive)})`;
    case 'DynamicField':
      return `(${p(e.target)}.[${p(e.name)}])`;
    case 'Element':
      return `(${p(e.target)}[${p(e.index)}])`;
    case 'Slice':
      return `(${p(e.target)}[${e.start ? p(e.start) + ' ' : ' '}:${e.end ? ' ' + p(e.end) : ' '}])`;
    case 'NamedParam':
      return '$' + e.name;
    case 'PositionalParam':
      return '$' + e.position;
    case 'Unary':
      return e.op === 'NOT' ? `(not ${p(e.operand)})` : `(-${p(e.operand)})`;
    case 'Binary': {
      if (e.op in compareFlip) {
        const r = p(e.right);
        return `(${r} ${compareFlip[e.op]} ${p(e.left)})`;
      }
      const l = p(e.left);
      return `(${l} ${e.op === 'AND' ? 'and' : e.op === 'OR' ? 'or' : e.op} ${p(e.right)})`;
    }
    case 'Like': {
      const o = p(e.operand);
      const pat = p(e.pattern);
      // The reference's LIKE always has an escape character (default `\`), a parameter too.
      const esc = e.escape ? p(e.escape) : scope.parameterize ? addParam(scope, '\\') : undefined;
      return not(e.not, `(${o} like ${pat}${esc !== undefined ? ' escape ' + esc : ''})`);
    }
    case 'In': {
      const o = p(e.operand);
      return not(e.not, `(${o} in ${p(e.collection)})`);
    }
    case 'Between': {
      const o = p(e.operand);
      const lo = p(e.low);
      return not(e.not, `(${o} between ${lo} and ${p(e.high)})`);
    }
    case 'Is':
      return `(${p(e.operand)} is ${e.not ? 'not ' : ''}${e.test.toLowerCase()})`;
    case 'Case': {
      let s = 'case' + (e.subject ? ' ' + p(e.subject) : '');
      for (const w of e.whens) {
        const wh = p(w.when);
        s += ` when ${wh} then ${p(w.then)}`;
      }
      return s + (e.else ? ' else ' + p(e.else) : '') + ' end';
    }
    case 'Collection': {
      const [bs, inner] = bindings(e.bindings, scope);
      return `${e.quantifier.toLowerCase()} ${bs} satisfies ${p(e.satisfies, inner)} end`;
    }
    case 'ArrayFor': {
      const [bs, inner] = bindings(e.bindings, scope);
      const m = p(e.mapping, inner);
      return `${e.first ? 'first' : 'array'} ${m} for ${bs}${e.when ? ' when ' + p(e.when, inner) : ''} end`;
    }
    case 'ObjectFor': {
      const [bs, inner] = bindings(e.bindings, scope);
      const n = p(e.name, inner);
      const v = p(e.value, inner);
      return `object ${n} : ${v} for ${bs}${e.when ? ' when ' + p(e.when, inner) : ''} end`;
    }
    case 'Exists':
      return `(exists ${p(e.operand)})`;
    case 'FunctionCall': {
      if (e.name.startsWith('#INFER_')) return `( ${inferText(e, scope)} )`;
      const name = e.name.toLowerCase();
      let args: string;
      if (e.star) args = '*';
      else if (name === 'meta' && e.args.length === 0 && scope.metaAlias && scope.alias !== undefined) args = printName(scope.alias);
      else args = (e.distinct ? 'DISTINCT ' : '') + e.args.map((a) => p(a)).join(', ');
      if (e.pathOperator && e.args.length === 1) return `(${p(e.args[0]!)}[*])`;
      return `${name}(${args})` + (e.filter ? ` FILTER (WHERE ${p(e.filter)})` : '') + (e.fromLast ? ' FROM LAST' : '') + (e.ignoreNulls ? ' IGNORE NULLS' : '') + (e.over ? sanitizeWindow(e.over, scope) : '');
    }
    case 'Subquery':
      return scope.subquery ? `(${scope.subquery(e.query, scope)})` : '(subquery)';
    case 'SequenceValue':
      return `(${e.next ? 'next' : 'prev'} value for ${e.sequence.namespace}:${e.sequence.bucket}.${e.sequence.scope}.${e.sequence.name})`;
  }
}

/** A WITH {…} object as the reference prints DDL options: compact JSON with sorted member names. */
export function compactJson(v: Value): string {
  if (Array.isArray(v)) return '[' + v.map(compactJson).join(',') + ']';
  if (v !== null && typeof v === 'object') {
    return '{' + Object.keys(v).sort().map((k) => JSON.stringify(k) + ':' + compactJson((v as Record<string, Value>)[k])).join(',') + '}';
  }
  return v === undefined ? 'null' : JSON.stringify(v);
}

/** A constant expression's value (DDL WITH objects), or undefined when it is not constant. */
export function constantValue(e: Expr | undefined): Value {
  if (!e) return undefined;
  const v = constant(e);
  return v === none ? undefined : v;
}

/** An expression printed without parameters and without formalization (DDL). */
export function plain(e: Expr, scope: SanitizeScope): string {
  return sanitizeExpr(e, { ...scope, parameterize: false, alias: undefined });
}

/** ` WITH {…}` for a constant options object, compact and sorted as the reference prints it. */
export function withClause(e: Expr | undefined, scope: SanitizeScope): string {
  if (!e) return '';
  const v = constantValue(e);
  return ' WITH ' + (v !== undefined ? compactJson(v) : plain(e, scope));
}

/** `INFER …` as the reference prints it: `INFER KEYSPACE ks WITH {…}` or `INFER $_n1`. */
export function inferText(call: { name: string; args: Expr[] }, scope: SanitizeScope): string {
  const [target, options] = call.args;
  let s: string;
  if (call.name === '#INFER_KEYSPACE' && target?.kind === 'Literal' && typeof target.value === 'string') {
    const [ns, path] = target.value.split(/:(.*)/s) as [string, string];
    s = 'INFER KEYSPACE ' + printName(ns) + ':' + path.split('.').map((p) => printName(p)).join('.');
  } else s = 'INFER ' + sanitizeExpr(target!, scope);
  return s + withClause(options, scope);
}
