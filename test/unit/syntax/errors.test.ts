import { describe, expect, it } from 'vitest';
import { ErrorCode, QueryError } from '../../../src/errors/index.js';
import { parseExpression, parseScript, parseStatement } from '../../../src/syntax/index.js';

/** The QueryError thrown by `f`. */
function errorOf(f: () => unknown): QueryError {
  try {
    f();
  } catch (e) {
    if (e instanceof QueryError) return e;
    throw e;
  }
  throw new Error('expected a QueryError');
}

describe('syntax errors', () => {
  it('points at the offending token with what was expected', () => {
    const e = errorOf(() => parseStatement('SELECT * FORM ks'));
    expect(e.code).toBe(ErrorCode.SYNTAX);
    expect(e.phase).toBe('parse');
    expect([e.line, e.column, e.offset, e.length]).toEqual([1, 10, 9, 4]);
    expect(e.statement).toBe('SELECT * FORM ks');
    expect(e.expected).toEqual(expect.arrayContaining(['FROM', 'WHERE', 'GROUP', 'ORDER', 'LIMIT', 'OFFSET', 'UNION', ';']));
    expect(e.message).toMatch(/^syntax error: unexpected 'FORM', expected one of .*FROM, LET, WHERE, GROUP.*;$/);
    expect(e.format()).toBe(
      [
        `error 3000: ${e.message}`,
        ' --> line 1, column 10',
        '1 | SELECT * FORM ks',
        '  |          ^^^^',
      ].join('\n'),
    );
  });

  it('reports the line and column on later lines', () => {
    const e = errorOf(() => parseStatement('SELECT a\nFROM t\nWHERE a = = 1'));
    expect([e.line, e.column, e.length]).toEqual([3, 11, 1]);
    expect(e.expected).toContain('expression');
    expect(e.format().split('\n').slice(2)).toEqual(['3 | WHERE a = = 1', '  |           ^']);
  });

  it('collapses operators and expression starters in the expected list', () => {
    const e = errorOf(() => parseStatement('SELECT a FROM t WHERE b = 1 2'));
    expect(e.message).toBe("syntax error: unexpected '2', expected one of operator, GROUP, WINDOW, UNION, INTERSECT, EXCEPT, ORDER, LIMIT, OFFSET, ;");
  });

  it('skips the expected list for very long statements', () => {
    const long = 'SELECT ' + Array.from({ length: 200 }, (_, i) => `a${i}`).join(', ') + ' FORM t';
    const e = errorOf(() => parseStatement(long));
    expect([e.message, e.expected]).toEqual(["syntax error: unexpected 't'", []]);
  });

  it('reports an unexpected end of input after the last token', () => {
    const e = errorOf(() => parseStatement('SELECT a FROM t WHERE'));
    expect(e.message).toBe('syntax error: unexpected end of input, expected expression');
    expect([e.line, e.column, e.offset]).toEqual([1, 22, 21]);
  });

  it.each<[string, string]>([
    ['SELECT a FROM t WHERE a IN', 'expression'],
    ['SELECT CASE WHEN a THEN b', 'END'],
    ['SELECT ANY v IN a END', 'SATISFIES'],
    ['SELECT ARRAY v FOR v IN a', 'END'],
    ['SELECT a FROM t ORDER a', 'BY'],
    ['UPDATE t WHERE a', 'SET'],
    ['CREATE INDEX i ON t', '('],
    ['SELECT (1', ')'],
  ])('%s expects %s', (src, what) => {
    const e = errorOf(() => parseStatement(src));
    expect(e.code).toBe(3000);
    expect(e.expected).toContain(what);
  });

  it.each<[string, number, number, RegExp]>([
    ["SELECT 'abc", 1, 8, /unterminated string literal/],
    ['SELECT "abc', 1, 8, /unterminated string literal/],
    ['SELECT `abc', 1, 8, /unterminated quoted identifier/],
    ['SELECT 1 /* no end', 1, 10, /unterminated comment/],
    ['SELECT a\n  FROM t WHERE a # 1', 2, 18, /unexpected character '#'/],
    ["SELECT 'a\\qb'", 1, 10, /invalid escape sequence '\\q'/],
  ])('lexer error in %j', (src, line, column, message) => {
    const e = errorOf(() => parseStatement(src));
    expect(e.code).toBe(3000);
    expect(e.phase).toBe('parse');
    expect([e.line, e.column]).toEqual([line, column]);
    expect(e.message).toMatch(message);
  });

  it('parses JOIN and NEST; RIGHT is reserved (the reference: "RIGHT (reserved word)", 3000)', () => {
    const s = parseStatement('SELECT * FROM a JOIN b ON KEYS a.k INNER NEST c ON KEYS a.k');
    expect(s.kind === 'Select' && s.body.kind === 'Subselect' && s.body.from?.kind).toBe('JoinTerm');
    expect(parseStatement('SELECT a.`join`, a.nest, a.right FROM a')).toBeDefined();
    expect(errorOf(() => parseStatement('SELECT right FROM a')).code).toBe(ErrorCode.SYNTAX);
    // A keyspace hint is given once.
    expect(errorOf(() => parseStatement('SELECT * FROM a USE NL NL')).code).toBe(ErrorCode.SYNTAX);
  });

  it('gives 1050 for an empty statement', () => {
    expect(errorOf(() => parseStatement('')).code).toBe(ErrorCode.NO_STATEMENT);
    expect(errorOf(() => parseStatement('  -- only a comment\n')).code).toBe(ErrorCode.NO_STATEMENT);
  });

  it('rejects reserved words as bare identifiers but not after a dot', () => {
    expect(errorOf(() => parseStatement('SELECT select FROM t')).code).toBe(3000);
    expect(parseExpression('a.select')).toMatchObject({ kind: 'Field', name: 'select' });
  });

  it('rejects an unknown USING kind', () => {
    const e = errorOf(() => parseStatement('CREATE PRIMARY INDEX ON t USING fts'));
    expect(e.code).toBe(3000);
    expect(e.column).toBe(33);
  });

  it('rejects ORDER BY inside a parenthesised set operand', () => {
    expect(errorOf(() => parseStatement('(SELECT 1 ORDER BY 1) UNION SELECT 2')).code).toBe(3000);
  });

  it('rejects trailing input after an expression', () => {
    const e = errorOf(() => parseExpression('1 + 2 3'));
    expect([e.column, e.message]).toEqual([7, expect.stringMatching(/^syntax error: unexpected '3'/)]);
  });

  it('positions errors in a script relative to the whole script', () => {
    const e = errorOf(() => parseScript('SELECT 1;\nSELECT 2;\nSELECT * FORM t;'));
    expect([e.line, e.column]).toEqual([3, 10]);
    expect(e.format()).toContain('3 | SELECT * FORM t;');
  });
});
