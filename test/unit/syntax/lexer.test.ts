import { describe, expect, it } from 'vitest';
import { allTokens, lexer } from '../../../grammar/tokens.js';

const kinds = (text: string) => lexer.tokenize(text).tokens.map((t) => `${t.tokenType.name}:${t.image}`);

describe('lexer', () => {
  it("gives every pattern token the start characters its pattern can begin with (start_chars_hint: a missing one would never be tried)", () => {
    for (const t of allTokens) {
      if (!(t.PATTERN instanceof RegExp)) continue;
      const hints = new Set((t.START_CHARS_HINT ?? []).map((c) => (typeof c === 'number' ? c : c.charCodeAt(0))));
      const first = new RegExp(`^(?:${t.PATTERN.source})`, t.PATTERN.flags);
      // Keywords are ASCII (a case-insensitive pattern without the u flag folds no non-ASCII
      // character into ASCII); the other patterns are tried on the BMP's first blocks and U+FEFF.
      const codes = t.LONGER_ALT ? Array.from({ length: 128 }, (_, i) => i) : [...Array.from({ length: 0x3100 }, (_, i) => i), 0xfeff];
      for (const c of codes) {
        const ch = String.fromCharCode(c);
        // The character alone, or followed by enough to complete the token (`--`, `/* */`, `$1`, `'a'`…).
        const starts = [ch, ch + ch, ch + '* */', ch + '1', ch + 'a' + ch, ch + ' STATISTICS'].some((x) => first.test(x));
        if (starts) expect(hints.has(c), `${t.name} can start with U+${c.toString(16)}`).toBe(true);
      }
    }
  });

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
