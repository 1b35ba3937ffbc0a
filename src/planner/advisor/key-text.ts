/**
 * Index-key text and index-name parts as the reference's advisor prints them
 * (couchbase/query `planner/build_advise_ee.go`, `expression` String() forms as they appear in
 * the suite's `gsi/advise` answers): the keyspace is dropped from paths (`t.c11` → `` `c11` ``,
 * `t` itself → `self`), a nested path is parenthesised (`` (`f1`.`time`) ``) except at the top
 * of a key, functions are lower case, operators unspaced (`` `c11`+`c12` ``), strings in single
 * quotes.
 */
import type { Expr } from '../../ast/index.js';
import { KS } from '../../semantic/formalize.js';
import { printValue } from '../../ast/print-expr.js';
import type { Value } from '../../values/index.js';

const name = (n: string): string => '`' + n.replaceAll('`', '``') + '`';

function literal(v: Value): string {
  if (typeof v === 'string') return `'${v.replaceAll("'", "''")}'`;
  if (Array.isArray(v)) return '[' + v.map(literal).join(', ') + ']';
  return printValue(v);
}

const isKs = (e: Expr): boolean => e.kind === 'Identifier' && e.name === KS;

const arith: Record<string, string> = { '+': '+', '-': '-', '*': '*', '/': '/', '%': '%', '||': '||' };

/** The reference's String() of a formalized expression (`KS` is the keyspace, printed away). */
export function refText(e: Expr): string {
  switch (e.kind) {
    case 'Identifier':
      return isKs(e) ? 'self' : name(e.name);
    case 'Self':
      return 'self';
    case 'Literal':
      return literal(e.value);
    case 'NamedParam':
      return '$' + e.name;
    case 'PositionalParam':
      return '$' + e.position;
    case 'Field':
      if (isKs(e.target)) return name(e.name);
      return `(${refText(e.target)}.${name(e.name)})`;
    case 'DynamicField':
      return `${refText(e.target)}.[${refText(e.name)}]`;
    case 'Element':
      return `${refText(e.target)}[${refText(e.index)}]`;
    case 'Slice':
      return `${refText(e.target)}[${e.start ? refText(e.start) : ''} : ${e.end ? refText(e.end) : ''}]`;
    case 'FunctionCall':
      if (e.name === 'meta') return 'meta()';
      if (e.pathOperator) return `array_star(${e.args.map(refText).join(', ')})`;
      return `${e.name.toLowerCase()}(${e.args.map(refText).join(', ')})`;
    case 'Binary':
      if (arith[e.op]) return `${refText(e.left)}${e.op}${refText(e.right)}`;
      return `${refText(e.left)} ${e.op === 'AND' || e.op === 'OR' ? e.op.toLowerCase() : e.op} ${refText(e.right)}`;
    case 'Unary':
      return e.op === 'NEG' ? `-${refText(e.operand)}` : `not ${refText(e.operand)}`;
    case 'Is':
      return `${refText(e.operand)} IS ${e.not ? 'NOT ' : ''}${e.test}`;
    case 'ArrayConstruct':
      return '[' + e.items.map(keyText).join(', ') + ']';
    case 'ObjectConstruct':
      // An object (TOKENS' options) keeps JSON's double-quoted strings.
      return '{' + e.fields.map((f) => `${f.name.kind === 'Literal' ? JSON.stringify(f.name.value) : refText(f.name)}: ${f.value.kind === 'Literal' ? JSON.stringify(f.value.value) : refText(f.value)}`).join(', ') + '}';
    case 'ArrayFor':
      return (
        `ARRAY ${refText(e.mapping)} FOR ` +
        e.bindings.map((b) => `${name(b.variable)} ${b.within ? 'WITHIN' : 'IN'} ${refText(b.expr)}`).join(', ') +
        (e.when ? ` WHEN ${refText(e.when)}` : '') +
        ' END'
      );
    default:
      return `(${e.kind})`;
  }
}

/** An index key's text: {@link refText} without the outer parentheses of a path. */
export function keyText(e: Expr): string {
  const t = refText(e);
  return e.kind === 'Field' && t.startsWith('(') && t.endsWith(')') ? t.slice(1, -1) : t;
}

const opNames: Record<string, string> = { '+': 'add', '-': 'sub', '*': 'mult', '/': 'div', '%': 'mod', '||': 'concat' };

/** The parts an index key contributes to the advised index's name (`length(a22)` → `length_a22`). */
export function nameParts(e: Expr): string[] {
  switch (e.kind) {
    case 'Identifier':
      return [isKs(e) ? 'self' : e.name];
    case 'Self':
      return ['self'];
    case 'Literal':
      return typeof e.value === 'string' || typeof e.value === 'number' ? [String(e.value)] : [];
    case 'Field':
      return isKs(e.target) ? [e.name] : [...nameParts(e.target), e.name];
    case 'Element':
      return [nameParts(e.target).join('_') + nameParts(e.index).join('')];
    case 'Slice':
      return [nameParts(e.target).join('_') + (e.start ? nameParts(e.start).join('') : '') + (e.end ? nameParts(e.end).join('') : '')];
    case 'FunctionCall':
      if (e.name === 'meta') return ['meta'];
      return [e.name.toLowerCase(), ...e.args.flatMap(nameParts)];
    case 'Binary':
      return [...nameParts(e.left), opNames[e.op] ?? e.op.toLowerCase(), ...nameParts(e.right)];
    case 'Is':
      return [nameParts(e.operand).join('_') + 'IS' + (e.not ? 'NOT' : '') + e.test];
    case 'ArrayConstruct':
      return e.items.flatMap(nameParts);
    default:
      return [];
  }
}
