import { describe, expect, it } from 'vitest';
import type { Expr } from '../../../src/ast/index.js';
import { bin, call, expr, field, id, lit } from './helpers.js';

describe('parseExpression: literals and names', () => {
  it.each<[string, Expr]>([
    ['1', lit(1)],
    ['1.5e3', lit(1500)],
    ['2E-2', lit(0.02)],
    ['-1.5', lit(-1.5)],
    ['- 2', lit(-2)],
    ["'it''s'", lit("it's")],
    ['"say \\"hi\\""', lit('say "hi"')],
    ["'a\\nb\\t\\u00e9\\/\\\\'", lit('a\nb\té/\\')],
    ['""', lit('')],
    ['TRUE', lit(true)],
    ['false', lit(false)],
    ['NULL', lit(null)],
    ['missing', { kind: 'Literal', value: undefined }],
    ['abc', id('abc')],
    ['`a b`', id('a b')],
    ['`a``b`', id('a`b')],
    ['`Name`i', { kind: 'Identifier', name: 'Name', caseInsensitive: true }],
    ['type', id('type')],
    ['name', id('name')],
    ['id', id('id')],
    ['value', id('value')],
    ['path', id('path')],
    ['role', id('role')],
    ['user', id('user')],
    ['key', id('key')],
    ['keys', id('keys')],
    ['index', id('index')],
    ['first', id('first')],
    ['array', id('array')],
    ['object', id('object')],
    ['self', { kind: 'Self' }],
    ['SELF', { kind: 'Self' }],
    ['$name', { kind: 'NamedParam', name: 'name' }],
    ['$1', { kind: 'PositionalParam', position: 1 }],
    ['$12', { kind: 'PositionalParam', position: 12 }],
  ])('%s', (src, ast) => {
    expect(expr(src)).toEqual(ast);
  });

  it('numbers `?` left to right from 1', () => {
    expect(expr('? + ? * ?')).toEqual(
      bin('+', { kind: 'PositionalParam', position: 1 }, bin('*', { kind: 'PositionalParam', position: 2 }, { kind: 'PositionalParam', position: 3 })),
    );
  });
});

describe('parseExpression: constructors and paths', () => {
  it.each<[string, Expr]>([
    ['[]', { kind: 'ArrayConstruct', items: [] }],
    ['[1, "a"]', { kind: 'ArrayConstruct', items: [lit(1), lit('a')] }],
    ["{'a': 1, \"b\": [1,2]}", { kind: 'ObjectConstruct', fields: [{ name: lit('a'), value: lit(1) }, { name: lit('b'), value: { kind: 'ArrayConstruct', items: [lit(1), lit(2)] } }] }],
    ['{}', { kind: 'ObjectConstruct', fields: [] }],
    ['a.b', field(id('a'), 'b')],
    ['a.b.c', field(field(id('a'), 'b'), 'c')],
    ['a.`b c`', field(id('a'), 'b c')],
    ['a.`B`i', { kind: 'Field', target: id('a'), name: 'B', caseInsensitive: true }],
    ['a.type', field(id('a'), 'type')],
    ['a.value', field(id('a'), 'value')],
    ['a.select', field(id('a'), 'select')],
    ['a.FROM', field(id('a'), 'FROM')],
    ['a.end', field(id('a'), 'end')],
    ['a[0]', { kind: 'Element', target: id('a'), index: lit(0) }],
    ['a[-1]', { kind: 'Element', target: id('a'), index: lit(-1) }],
    ['a[1:3]', { kind: 'Slice', target: id('a'), start: lit(1), end: lit(3) }],
    ['a[1:]', { kind: 'Slice', target: id('a'), start: lit(1) }],
    // couchbase/query parser/n1ql/n1ql.y: `a[:e]`, `a[]` and `a[:]` (whole array), `a[*]` (ARRAY_STAR).
    ['a[:2]', { kind: 'Slice', target: id('a'), end: lit(2) }],
    ['a[]', { kind: 'Slice', target: id('a') }],
    ['a[:]', { kind: 'Slice', target: id('a') }],
    ['a[*]', { kind: 'FunctionCall', name: 'array_star', args: [id('a')], pathOperator: true }],
    ['a[*].b', field({ kind: 'FunctionCall', name: 'array_star', args: [id('a')], pathOperator: true }, 'b')],
    ['a[].b[]', { kind: 'Slice', target: field({ kind: 'Slice', target: id('a') }, 'b') }],
    ['a.[b]', { kind: 'DynamicField', target: id('a'), name: id('b') }],
    ['a[0].b', field({ kind: 'Element', target: id('a'), index: lit(0) }, 'b')],
    ['meta().id', field(call('meta'), 'id')],
    ['META(t).id', field(call('meta', id('t')), 'id')],
  ])('%s', (src, ast) => {
    expect(expr(src)).toEqual(ast);
  });
});

describe('parseExpression: operators', () => {
  it.each<[string, Expr]>([
    ['a == 1', bin('=', id('a'), lit(1))],
    ['a <> 1', bin('!=', id('a'), lit(1))],
    ['a != 1', bin('!=', id('a'), lit(1))],
    ['a >= 1', bin('>=', id('a'), lit(1))],
    ["a || 'x'", bin('||', id('a'), lit('x'))],
    ['-a', { kind: 'Unary', op: 'NEG', operand: id('a') }],
    ['-(1)', { kind: 'Unary', op: 'NEG', operand: lit(1) }],
    ['NOT a', { kind: 'Unary', op: 'NOT', operand: id('a') }],
    ["a LIKE 'x%'", { kind: 'Like', not: false, operand: id('a'), pattern: lit('x%') }],
    ["a NOT LIKE 'x!%' ESCAPE '!'", { kind: 'Like', not: true, operand: id('a'), pattern: lit('x!%'), escape: lit('!') }],
    ['a IN [1]', { kind: 'In', not: false, operand: id('a'), collection: { kind: 'ArrayConstruct', items: [lit(1)] } }],
    ['a NOT IN b', { kind: 'In', not: true, operand: id('a'), collection: id('b') }],
    ['a BETWEEN 1 AND 2', { kind: 'Between', not: false, operand: id('a'), low: lit(1), high: lit(2) }],
    ['a NOT BETWEEN 1 AND 2', { kind: 'Between', not: true, operand: id('a'), low: lit(1), high: lit(2) }],
    ['a IS NULL', { kind: 'Is', not: false, test: 'NULL', operand: id('a') }],
    ['a IS NOT MISSING', { kind: 'Is', not: true, test: 'MISSING', operand: id('a') }],
    ['a is valued', { kind: 'Is', not: false, test: 'VALUED', operand: id('a') }],
    ['a IS NOT UNKNOWN', { kind: 'Is', not: true, test: 'UNKNOWN', operand: id('a') }],
    ['EXISTS a', { kind: 'Exists', operand: id('a') }],
  ])('%s', (src, ast) => {
    expect(expr(src)).toEqual(ast);
  });
});

describe('parseExpression: CASE, collections, calls', () => {
  it.each<[string, Expr]>([
    ['CASE WHEN a THEN 1 ELSE 2 END', { kind: 'Case', whens: [{ when: id('a'), then: lit(1) }], else: lit(2) }],
    ['CASE x WHEN 1 THEN 2 WHEN 3 THEN 4 END', { kind: 'Case', subject: id('x'), whens: [{ when: lit(1), then: lit(2) }, { when: lit(3), then: lit(4) }] }],
    ['ANY v IN a SATISFIES v END', { kind: 'Collection', quantifier: 'ANY', bindings: [{ variable: 'v', within: false, expr: id('a') }], satisfies: id('v') }],
    ['SOME v WITHIN a SATISFIES v END', { kind: 'Collection', quantifier: 'ANY', bindings: [{ variable: 'v', within: true, expr: id('a') }], satisfies: id('v') }],
    ['EVERY v IN a, w IN b SATISFIES v END', { kind: 'Collection', quantifier: 'EVERY', bindings: [{ variable: 'v', within: false, expr: id('a') }, { variable: 'w', within: false, expr: id('b') }], satisfies: id('v') }],
    ['ANY AND EVERY v IN a SATISFIES v END', { kind: 'Collection', quantifier: 'ANY AND EVERY', bindings: [{ variable: 'v', within: false, expr: id('a') }], satisfies: id('v') }],
    ['SOME AND EVERY v IN a SATISFIES v END', { kind: 'Collection', quantifier: 'ANY AND EVERY', bindings: [{ variable: 'v', within: false, expr: id('a') }], satisfies: id('v') }],
    ['ANY n:v IN o SATISFIES n END', { kind: 'Collection', quantifier: 'ANY', bindings: [{ variable: 'v', nameVariable: 'n', within: false, expr: id('o') }], satisfies: id('n') }],
    ['ARRAY v FOR v IN a END', { kind: 'ArrayFor', first: false, mapping: id('v'), bindings: [{ variable: 'v', within: false, expr: id('a') }] }],
    ['ARRAY v FOR v WITHIN a WHEN v > 1 END', { kind: 'ArrayFor', first: false, mapping: id('v'), bindings: [{ variable: 'v', within: true, expr: id('a') }], when: bin('>', id('v'), lit(1)) }],
    ['FIRST v FOR v IN a END', { kind: 'ArrayFor', first: true, mapping: id('v'), bindings: [{ variable: 'v', within: false, expr: id('a') }] }],
    ['OBJECT k : v FOR k : v IN o END', { kind: 'ObjectFor', name: id('k'), value: id('v'), bindings: [{ variable: 'v', nameVariable: 'k', within: false, expr: id('o') }] }],
    ['COUNT(*)', { kind: 'FunctionCall', name: 'count', args: [], star: true }],
    ['COUNT(DISTINCT x)', { kind: 'FunctionCall', name: 'count', args: [id('x')], distinct: true }],
    ['SUM(DISTINCT x)', { kind: 'FunctionCall', name: 'sum', args: [id('x')], distinct: true }],
    ['ARRAY_AGG(DISTINCT x)', { kind: 'FunctionCall', name: 'array_agg', args: [id('x')], distinct: true }],
    ['META()', call('meta')],
    ["CONTAINS_TOKEN(a, 'x', {'specials': true})", call('contains_token', id('a'), lit('x'), { kind: 'ObjectConstruct', fields: [{ name: lit('specials'), value: lit(true) }] })],
    ['tokens(self)', call('tokens', { kind: 'Self' })],
    ['(a)', id('a')],
  ])('%s', (src, ast) => {
    expect(expr(src)).toEqual(ast);
  });

  it('parses a subquery expression', () => {
    const e = expr('(SELECT RAW 1)');
    expect(e.kind).toBe('Subquery');
    expect(e.kind === 'Subquery' && e.query.body.kind).toBe('Subselect');
  });
});
