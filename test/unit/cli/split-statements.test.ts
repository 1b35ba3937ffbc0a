import { describe, expect, it } from 'vitest';
import { splitStatements } from '../../../src/cli/split-statements.js';

describe('splitStatements', () => {
  it('splits on ; outside strings, identifiers and comments', () => {
    const script = "SELECT 'a;b' AS x;\nSELECT \"c;\\\"d\" -- e;f\n FROM k;\n/* g;h */ SELECT `i;j` FROM t; SELECT 'it''s;'";
    const r = splitStatements(script);
    expect(r.statements.map((s) => s.text)).toEqual([
      "SELECT 'a;b' AS x",
      'SELECT "c;\\"d" -- e;f\n FROM k',
      '/* g;h */ SELECT `i;j` FROM t',
    ]);
    expect(r.statements.map((s) => s.line)).toEqual([1, 2, 4]);
    expect(r.rest).toBe(" SELECT 'it''s;'");
  });

  it('drops blank statements and treats trailing comments as blank', () => {
    const r = splitStatements(';;\n  ;SELECT 1;\n-- done\n');
    expect(r.statements).toEqual([{ text: 'SELECT 1', line: 2 }]);
    expect(r.rest).toBe('');
  });

  it('leaves an unterminated statement (or string) in rest', () => {
    expect(splitStatements("SELECT 'abc;").rest).toBe("SELECT 'abc;");
    expect(splitStatements('SELECT 1\n FROM x').statements).toEqual([]);
  });
});
