/**
 * Embedded N1QL statements in a JavaScript function's code become N1QL() calls (the reference's
 * "N1QL-managed JavaScript functions"): the statement up to its `;`, `$name` parameters bound to
 * the variables of the same name; strings, comments and ordinary identifiers are left alone.
 */
import { describe, expect, it } from 'vitest';
import { transpileEmbeddedN1ql } from '../../../src/executor/udf/n1ql-transpile.js';

describe('transpileEmbeddedN1ql', () => {
  it.each<[string, string]>([
    ['var q = SELECT a FROM ks WHERE b = $v;', 'var q = N1QL("SELECT a FROM ks WHERE b = $v", {"v": v});'],
    ['var u = UPDATE ks SET x = 1 WHERE t = "udf";', 'var u = N1QL("UPDATE ks SET x = 1 WHERE t = \\"udf\\"", {});'],
    ['return SELECT RAW 1;', 'return N1QL("SELECT RAW 1", {});'],
    ['d = DELETE FROM ks WHERE a = $a AND b = $b AND c = $a;', 'd = N1QL("DELETE FROM ks WHERE a = $a AND b = $b AND c = $a", {"a": a, "b": b});'],
    ['var q = SELECT ";" AS s FROM ks;', 'var q = N1QL("SELECT \\";\\" AS s FROM ks", {});'],
  ])('%s', (code, expected) => {
    expect(transpileEmbeddedN1ql(code)).toBe(expected);
  });

  it.each([
    'var s = "SELECT 1;";',
    "var s = 'UPDATE x;';",
    'var t = `DELETE y;`;',
    '// SELECT 1;',
    '/* SELECT 1; */',
    'var select = 3; x = select + 1;',
    'obj.update(1); o.select;',
    'var insert = 1;',
  ])('%s is unchanged', (code) => {
    expect(transpileEmbeddedN1ql(code)).toBe(code);
  });
});
