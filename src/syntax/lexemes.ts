/**
 * Decoding of lexemes into values: string literals, identifiers (plain, backticked, `` `x`i ``)
 * and numbers, plus source positions of tokens and CST nodes.
 */
import type { CstNode, IToken } from 'chevrotain';
import { ErrorCode, QueryError, type SourcePosition } from '../errors/index.js';
import { QuotedIdentifier } from '../../grammar/tokens.js';
import { parseInt64Text } from '../values/index.js';

const simpleEscapes: Record<string, string> = { n: '\n', t: '\t', '"': '"', "'": "'", '\\': '\\', '/': '/', b: '\b', f: '\f', r: '\r' };

/** Where a token is: 1-based line and column, 0-based offset, length of its image. */
export function tokenLoc(t: IToken): SourcePosition {
  return { line: t.startLine ?? 1, column: t.startColumn ?? 1, offset: t.startOffset, length: t.image.length };
}

/** Where a CST node is (the parser tracks full node locations). */
export function nodeLoc(n: CstNode): SourcePosition {
  const l = n.location!;
  return { line: l.startLine ?? 1, column: l.startColumn ?? 1, offset: l.startOffset, length: (l.endOffset ?? l.startOffset) - l.startOffset + 1 };
}

/** The span from the start of `a` to the end of `b`. */
export function spanLoc(a: SourcePosition | undefined, b: SourcePosition | undefined): SourcePosition | undefined {
  if (!a || !b) return a;
  return { line: a.line, column: a.column, offset: a.offset, length: b.offset + (b.length ?? 0) - a.offset };
}

/**
 * The value of a string literal token (`'…'` or `"…"`): JSON escapes `\n \t \" \' \\ \/ \b \f \r
 * \uXXXX`, and a doubled quote for the quote. Throws QueryError 3000 on a bad escape.
 */
export function decodeString(t: IToken, statement?: string): string {
  const raw = t.image;
  const quote = raw[0]!;
  const body = raw.slice(1, -1);
  if (!body.includes('\\') && !body.includes(quote)) return body;
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c === quote) {
      out += quote; // doubled quote: the lexer only admits pairs
      i++;
    } else if (c !== '\\') {
      out += c;
    } else {
      const e = body[++i]!;
      if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(body.slice(i + 1, i + 5))) {
        out += String.fromCharCode(parseInt(body.slice(i + 1, i + 5), 16));
        i += 4;
      } else if (e in simpleEscapes) {
        out += simpleEscapes[e];
      } else {
        const before = raw.slice(0, i); // raw index of the backslash is i
        const nl = before.lastIndexOf('\n');
        const line = (t.startLine ?? 1) + before.split('\n').length - 1;
        const column = nl < 0 ? (t.startColumn ?? 1) + i : i - nl;
        const pos = { line, column, offset: t.startOffset + i, length: 2 };
        throw new QueryError({ code: ErrorCode.SYNTAX, phase: 'parse', message: `syntax error: invalid escape sequence '\\${e}' in string literal`, position: pos, statement });
      }
    }
  }
  return out;
}

/** A name token: `{name, caseInsensitive}` with backticks removed and ``` `` ``` unescaped. */
export function decodeName(t: IToken): { name: string; caseInsensitive: boolean } {
  if (t.tokenType !== QuotedIdentifier) return { name: t.image, caseInsensitive: false };
  const ci = t.image.endsWith('i');
  const inner = t.image.slice(1, ci ? -2 : -1);
  return { name: inner.replaceAll('``', '`'), caseInsensitive: ci };
}

/**
 * The value of a number token: integer digits are an int64 when they fit (exact past 2^53, a
 * bigint there: see values/int64.ts), else a double, as the reference's lexer reads them
 * (`9223372036854775808` is a double); text with a fraction or exponent is a double.
 */
export function decodeNumber(t: IToken): number | bigint {
  return parseInt64Text(t.image) ?? Number(t.image);
}
