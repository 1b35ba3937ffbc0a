import { describe, expect, it } from 'vitest';
import { parseScript } from '../../../src/syntax/index.js';

describe('parseScript', () => {
  it('splits on ; skipping empty statements, with text and positions', () => {
    const script = ';SELECT 1;;\n  DELETE FROM x -- done\n; /* c */ SELECT 2';
    const out = parseScript(script);
    expect(out.map((s) => [s.statement.kind, s.text, s.line, s.column])).toEqual([
      ['Select', 'SELECT 1', 1, 2],
      ['Delete', 'DELETE FROM x', 2, 3],
      ['Select', 'SELECT 2', 3, 11],
    ]);
    expect(out[1]!.statement.loc).toMatchObject({ line: 2, column: 3, offset: 14 });
  });

  it('returns [] for an empty script', () => {
    expect(parseScript('')).toEqual([]);
    expect(parseScript(' ; ; ')).toEqual([]);
  });

  it('numbers ? per statement', () => {
    const out = parseScript('SELECT ?, ?; SELECT ?');
    expect(JSON.stringify(out.map((s) => s.statement))).toMatch(/"position":1.*"position":2.*"position":1/);
  });

  it('keeps PREPARE text relative to the whole script', () => {
    const [, second] = parseScript('SELECT 1;\nPREPARE p FROM SELECT a FROM t WHERE a = $1;');
    expect(second!.statement).toMatchObject({ kind: 'Prepare', name: 'p', text: 'SELECT a FROM t WHERE a = $1' });
  });
});
