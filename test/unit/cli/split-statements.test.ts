import { describe, expect, it } from 'vitest';
import { inPlace, splitStatements } from '../../../src/cli/split-statements.js';

describe('splitStatements', () => {
  it('inPlace puts a statement back at its line and column, so parse errors point into the script', () => {
    const r = splitStatements('SELECT 1;\n\n  SELECT x\n FORM y; SELECT 2');
    expect(r.statements[1]).toEqual({ text: 'SELECT x\n FORM y', line: 3, column: 3 });
    expect(inPlace(r.statements[1])).toBe('\n\n  SELECT x\n FORM y');
    expect(r.last).toEqual({ text: 'SELECT 2', line: 4, column: 10 });
  });

  it('splits on ; outside strings, identifiers and comments', () => {
    const script = "SELECT 'a;b' AS x;\nSELECT \"c;\\\"d\" -- e;f\n FROM k;\n/* g;h */ SELECT `i;j` FROM t; SELECT 'it''s;'";
    const r = splitStatements(script);
    expect(r.statements.map((s) => s.text)).toEqual([
      "SELECT 'a;b' AS x",
      'SELECT "c;\\"d" -- e;f\n FROM k',
      '/* g;h */ SELECT `i;j` FROM t',
    ]);
    expect(r.statements.map((s) => [s.line, s.column])).toEqual([[1, 1], [2, 1], [4, 1]]);
    expect(r.last).toEqual({ text: "SELECT 'it''s;'", line: 4, column: 32 });
    expect(r.rest).toBe(" SELECT 'it''s;'");
  });

  it('drops blank statements and treats trailing comments as blank', () => {
    const r = splitStatements(';;\n  ;SELECT 1;\n-- done\n');
    expect(r.statements).toEqual([{ text: 'SELECT 1', line: 2, column: 4 }]);
    expect(r.rest).toBe('');
  });

  it('leaves an unterminated statement (or string) in rest', () => {
    expect(splitStatements("SELECT 'abc;").rest).toBe("SELECT 'abc;");
    expect(splitStatements('SELECT 1\n FROM x').statements).toEqual([]);
  });
});
