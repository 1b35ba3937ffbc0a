import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseExpression, parseStatement, printExpr, printStatement } from '../../../src/syntax/index.js';
import { corpus } from './corpus.js';
import { exprArbitrary } from './expr-arbitrary.js';
import { stripLoc } from './helpers.js';

describe('parse → print → parse', () => {
  it('gives the same expression AST for generated trees', () => {
    fc.assert(
      fc.property(exprArbitrary(3), (ast) => {
        const printed = printExpr(ast);
        expect(stripLoc(parseExpression(printed))).toEqual(ast);
        expect(printExpr(parseExpression(printed))).toBe(printed);
      }),
      { numRuns: 1500 },
    );
  });

  it.each(corpus)('gives the same statement AST for %s', (text) => {
    const ast = parseStatement(text);
    const printed = printStatement(ast);
    expect(stripLoc(parseStatement(printed))).toEqual(stripLoc(ast));
    expect(printStatement(parseStatement(printed))).toBe(printed);
  });
});
