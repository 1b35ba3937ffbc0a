import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lookaheadTableSource } from '../../../grammar/gen-lookahead.js';
import { recordedGrammar } from '../../../grammar/lookahead-table.js';
import { parser } from '../../../grammar/parser.js';
import { recordNode } from '../../../grammar/recorded-grammar.js';
import { parseStatement } from '../../../src/syntax/index.js';

describe('grammar/lookahead-table.ts', () => {
  it('is current: the recorded grammar and the lookahead paths of this grammar (else run npm run gen:lookahead)', () => {
    const committed = readFileSync(new URL('../../../grammar/lookahead-table.ts', import.meta.url), 'utf8');
    expect(committed === lookaheadTableSource()).toBe(true);
  }, 60_000);

  it("gives the parser the GAST that recording gives (the table's own data, restored)", () => {
    const restored = Object.fromEntries(Object.entries(parser.getGAstProductions()).map(([name, rule]) => [name, recordNode(rule)]));
    expect(restored).toEqual(recordedGrammar);
  });

  it('parses the first statement of a process without computing lookahead (no stall)', () => {
    // The first CREATE and the first SELECT each cost up to ~1 s when chevrotain computed the
    // lookahead paths of the statement alternation at run time.
    const t = performance.now();
    parseStatement('CREATE INDEX ix ON t(a)');
    parseStatement('SELECT a FROM t WHERE b = 1 ORDER BY a LIMIT 2');
    parseStatement('CREATE USER u PASSWORD "secret1"');
    expect(performance.now() - t).toBeLessThan(500);
  });
});
