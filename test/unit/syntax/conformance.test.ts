import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseStatement, printStatement } from '../../../src/syntax/index.js';
import { stripLoc } from './helpers.js';

/** ../shared/conformance/cases.json beside the repository root. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const cases = JSON.parse(readFileSync(path.resolve(root, '../shared/conformance/cases.json'), 'utf8')) as { statement: string; setup?: string[] }[];
const texts = [...new Set(cases.flatMap((c) => [...(c.setup ?? []), c.statement]))];

describe('conformance statements (../shared/conformance/cases.json)', () => {
  it('holds the 28 cases', () => {
    expect(cases).toHaveLength(28);
  });

  it.each(texts)('parses and round-trips %s', (text) => {
    const ast = parseStatement(text);
    expect(stripLoc(parseStatement(printStatement(ast)))).toEqual(stripLoc(ast));
  });

  it('reads the setup index keys as DISTINCT/ALL array keys', () => {
    const setup = cases.find((c) => c.setup?.length)!.setup!;
    const keys = setup.map((s) => {
      const ast = parseStatement(s);
      return ast.kind === 'CreateIndex' ? ast.keys.map((k) => [k.array, k.expr.kind]) : [];
    });
    expect(keys).toEqual([[['DISTINCT', 'ArrayFor']], [['ALL', 'ArrayFor']], [['DISTINCT', 'ArrayFor']]]);
  });
});
