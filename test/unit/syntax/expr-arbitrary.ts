/**
 * fast-check arbitraries of expression ASTs (small depth) in the shapes the parser produces:
 * no explicit `undefined` members, lower-case function names, scalar literals only, `-0` kept.
 */
import fc from 'fast-check';
import type { Binding, Expr, SelectStatement } from '../../../src/ast/index.js';

/** Names, including keywords, soft keywords and names that need backticks. */
const name = fc.oneof(
  fc.constantFrom('a', 'b', 'type', 'name', 'id', 'value', 'key', 'first', 'array', 'select', 'end', 'SELF', 'a b', 'x`y', 'é'),
  fc.string({ minLength: 1, maxLength: 6, unit: 'binary' }),
);
const paramName = fc.stringMatching(/^[a-zA-Z_][a-zA-Z0-9_]{0,5}$/);
const functionName = fc.constantFrom('lower', 'tokens', 'contains_token', 'meta', 'array_length', 'count', 'first', 'select', 'my func');
const scalar = fc.oneof(
  fc.constantFrom(null, undefined, true, false, 0, -0, 1, -1, 1.5e300, 5e-324),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.string({ maxLength: 8, unit: 'binary' }),
  fc.string({ maxLength: 4, unit: fc.constantFrom("'", '"', '\\', '\n', '`', '/', '\u2028', 'a') }),
);
const binaryOp = fc.constantFrom('+', '-', '*', '/', '%', '||', '=', '!=', '<', '<=', '>', '>=', 'AND', 'OR' as const);

/** An expression tree of depth at most `maxDepth`. */
export function exprArbitrary(maxDepth = 3): fc.Arbitrary<Expr> {
  return fc.letrec<{ expr: Expr; leaf: Expr; binding: Binding }>((tie) => {
    const e = tie('expr');
    const binding = tie('binding');
    const bindings = fc.array(binding, { minLength: 1, maxLength: 2 });
    const subquery = e.map((x): Expr => {
      const query: SelectStatement = { kind: 'Select', body: { kind: 'Subselect', distinct: false, raw: true, projection: [{ kind: 'Term', expr: x }] } };
      return { kind: 'Subquery', query };
    });
    return {
      leaf: fc.oneof(
        scalar.map((value): Expr => ({ kind: 'Literal', value })),
        fc.record({ kind: fc.constant('Identifier' as const), name, caseInsensitive: fc.constant(true as const) }, { requiredKeys: ['kind', 'name'] }),
        fc.constant<Expr>({ kind: 'Self' }),
        paramName.map((n): Expr => ({ kind: 'NamedParam', name: n })),
        fc.integer({ min: 1, max: 99 }).map((position): Expr => ({ kind: 'PositionalParam', position })),
      ),
      binding: fc.record(
        { variable: name, nameVariable: name, within: fc.boolean(), expr: e },
        { requiredKeys: ['variable', 'within', 'expr'] },
      ),
      expr: fc.oneof(
        { maxDepth, depthIdentifier: 'expr' },
        tie('leaf'),
        fc.array(e, { maxLength: 3 }).map((items): Expr => ({ kind: 'ArrayConstruct', items })),
        fc.array(fc.record({ name: e, value: e }), { maxLength: 2 }).map((fields): Expr => ({ kind: 'ObjectConstruct', fields })),
        fc.record({ kind: fc.constant('Field' as const), target: e, name, caseInsensitive: fc.constant(true as const) }, { requiredKeys: ['kind', 'target', 'name'] }),
        fc.record({ kind: fc.constant('DynamicField' as const), target: e, name: e }),
        fc.record({ kind: fc.constant('Element' as const), target: e, index: e }),
        fc.record({ kind: fc.constant('Slice' as const), target: e, start: e, end: e }, { requiredKeys: ['kind', 'target', 'start'] }),
        fc.record({ kind: fc.constant('Unary' as const), op: fc.constantFrom('NOT' as const, 'NEG' as const), operand: e }),
        fc.record({ kind: fc.constant('Binary' as const), op: binaryOp, left: e, right: e }),
        fc.record({ kind: fc.constant('Like' as const), not: fc.boolean(), operand: e, pattern: e, escape: e }, { requiredKeys: ['kind', 'not', 'operand', 'pattern'] }),
        fc.record({ kind: fc.constant('In' as const), not: fc.boolean(), operand: e, collection: e }),
        fc.record({ kind: fc.constant('Between' as const), not: fc.boolean(), operand: e, low: e, high: e }),
        fc.record({ kind: fc.constant('Is' as const), not: fc.boolean(), test: fc.constantFrom('NULL' as const, 'MISSING' as const, 'VALUED' as const, 'UNKNOWN' as const), operand: e }),
        fc.record(
          { kind: fc.constant('Case' as const), subject: e, whens: fc.array(fc.record({ when: e, then: e }), { minLength: 1, maxLength: 2 }), else: e },
          { requiredKeys: ['kind', 'whens'] },
        ),
        fc.record({ kind: fc.constant('Collection' as const), quantifier: fc.constantFrom('ANY' as const, 'EVERY' as const, 'ANY AND EVERY' as const), bindings, satisfies: e }),
        fc.record({ kind: fc.constant('ArrayFor' as const), first: fc.boolean(), mapping: e, bindings, when: e }, { requiredKeys: ['kind', 'first', 'mapping', 'bindings'] }),
        fc.record({ kind: fc.constant('ObjectFor' as const), name: e, value: e, bindings, when: e }, { requiredKeys: ['kind', 'name', 'value', 'bindings'] }),
        fc.record({ kind: fc.constant('Exists' as const), operand: e }),
        fc.oneof(
          fc.record({ kind: fc.constant('FunctionCall' as const), name: functionName, args: fc.array(e, { maxLength: 3 }) }),
          fc.record({ kind: fc.constant('FunctionCall' as const), name: functionName, args: fc.array(e, { minLength: 1, maxLength: 2 }), distinct: fc.constant(true as const) }),
          fc.record({ kind: fc.constant('FunctionCall' as const), name: fc.constant('count'), args: fc.constant<Expr[]>([]), star: fc.constant(true as const) }),
        ),
        subquery,
      ),
    };
  }).expr;
}
