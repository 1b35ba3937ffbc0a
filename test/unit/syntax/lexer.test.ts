import { describe, expect, it } from 'vitest';
import { lexer } from '../../../grammar/tokens.js';

const kinds = (text: string) => lexer.tokenize(text).tokens.map((t) => `${t.tokenType.name}:${t.image}`);

describe('lexer', () => {
  it('matches keywords case-insensitively and prefers longer identifiers', () => {
    expect(kinds('SeLeCt selection IN inner INTO index_a Index in_x')).toEqual([
      'SELECT:SeLeCt', 'Identifier:selection', 'IN:IN', 'INNER:inner', 'INTO:INTO', 'Identifier:index_a', 'INDEX:Index', 'Identifier:in_x',
    ]);
  });

  it('lexes common field names as identifiers', () => {
    for (const w of ['type', 'name', 'id', 'path', 'role', 'user', 'alias', 'date', 'day', 'state']) {
      expect(kinds(w)).toEqual([`Identifier:${w}`]);
    }
  });

  it('lexes quoted identifiers, strings, numbers, parameters and operators', () => {
    expect(kinds("`a``b` `c`i `d`in 'x''y' \"q\\\"\" 1 2.5 3e-2 $n $12 ? == != <> <= >= || -- c\n/* b */ .")).toEqual([
      'QuotedIdentifier:`a``b`', 'QuotedIdentifier:`c`i', 'QuotedIdentifier:`d`', 'IN:in', "StringLiteral:'x''y'", 'StringLiteral:"q\\""',
      'NumberLiteral:1', 'NumberLiteral:2.5', 'NumberLiteral:3e-2', 'NamedParam:$n', 'PositionalParam:$12', 'Question:?',
      'DoubleEquals:==', 'NotEquals:!=', 'LessGreater:<>', 'LessEquals:<=', 'GreaterEquals:>=', 'Concat:||', 'Dot:.',
    ]);
  });

  it('tracks lines and columns across multi-line strings', () => {
    const t = lexer.tokenize("'a\nb' x").tokens[1]!;
    expect([t.startLine, t.startColumn, t.startOffset]).toEqual([2, 4, 6]);
  });
});
