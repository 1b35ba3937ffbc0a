/**
 * A linear scan of a statement's text before the lexer runs: it finds what the lexer would
 * report as its first error (an unterminated string, quoted identifier or comment, a character
 * no token takes) and the limits of a statement, so that hostile text never reaches the lexer's
 * error recovery (which re-ran the string pattern from every later quote: quadratic in an
 * unterminated string full of `\'`, 11 s at 128 KB) nor the parser's recursion (a stack
 * overflow past ~100 nested brackets).
 *
 * Limits (docs/security.md; the reference has none of these, its Go stack grows):
 * {@link MAX_STATEMENT_LENGTH} characters, {@link MAX_STRING_LITERAL_LENGTH} characters in one
 * string literal, {@link MAX_NESTING_DEPTH} nested `(`, `[`, `{`.
 */

/** Longest statement text, in UTF-16 code units (8 Mi). */
export const MAX_STATEMENT_LENGTH = 8 * 1024 * 1024;
/** Longest string literal, in UTF-16 code units (4 Mi). */
export const MAX_STRING_LITERAL_LENGTH = 4 * 1024 * 1024;
/** Deepest nesting of brackets `(`, `[`, `{` together. */
export const MAX_NESTING_DEPTH = 64;

/** What the scan found: the offset and kind of the first problem. */
export interface PrecheckProblem {
  offset: number;
  length: number;
  kind: 'unterminated-string' | 'unterminated-identifier' | 'unterminated-comment' | 'invalid-character' | 'too-long' | 'string-too-long' | 'too-deep';
}

// Characters that may appear outside strings, quoted identifiers and comments: identifier and
// number characters, whitespace, operators and punctuation, `$` and `?` of parameters.
const ALLOWED_RE = /[A-Za-z0-9_$\s=!<>|+\-*/%()[\]{},:;.?]/;
const ASCII = Uint8Array.from({ length: 128 }, (_, c) => (ALLOWED_RE.test(String.fromCharCode(c)) ? 1 : 0));
const allowed = (text: string, i: number, c: number): boolean => (c < 128 ? ASCII[c] === 1 : ALLOWED_RE.test(text[i]!));

/** The first problem of `text`, or undefined when the lexer will take it all. */
export function precheck(text: string): PrecheckProblem | undefined {
  const n = text.length;
  if (n > MAX_STATEMENT_LENGTH) return { offset: MAX_STATEMENT_LENGTH, length: 1, kind: 'too-long' };
  let depth = 0;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 39 || c === 34) {
      // 'string' or "string": `\x` escapes, a doubled quote is one quote (StringLiteral).
      let j = i + 1;
      for (;;) {
        if (j >= n) return { offset: i, length: 1, kind: 'unterminated-string' };
        const d = text.charCodeAt(j);
        if (d === 92) j += 2;
        else if (d === c) {
          if (text.charCodeAt(j + 1) === c) j += 2;
          else break;
        } else j++;
      }
      if (j - i - 1 > MAX_STRING_LITERAL_LENGTH) return { offset: i, length: 1, kind: 'string-too-long' };
      i = j + 1;
    } else if (c === 96) {
      // `identifier` with `` for a backtick.
      let j = i + 1;
      for (;;) {
        const k = text.indexOf('`', j);
        if (k < 0) return { offset: i, length: 1, kind: 'unterminated-identifier' };
        if (text.charCodeAt(k + 1) === 96) j = k + 2;
        else {
          j = k;
          break;
        }
      }
      i = j + 1;
      // The `i` suffix of a case-insensitive identifier is an identifier character: allowed.
    } else if (c === 47 && text.charCodeAt(i + 1) === 42) {
      const k = text.indexOf('*/', i + 2);
      if (k < 0) return { offset: i, length: 2, kind: 'unterminated-comment' };
      i = k + 2;
    } else if (c === 45 && text.charCodeAt(i + 1) === 45) {
      let j = i + 2;
      while (j < n && text.charCodeAt(j) !== 10 && text.charCodeAt(j) !== 13) j++;
      i = j;
    } else {
      if (c === 40 || c === 91 || c === 123) {
        if (++depth > MAX_NESTING_DEPTH) return { offset: i, length: 1, kind: 'too-deep' };
      } else if (c === 41 || c === 93 || c === 125) depth = Math.max(0, depth - 1);
      else if (!allowed(text, i, c)) return { offset: i, length: 1, kind: 'invalid-character' };
      i++;
    }
  }
  return undefined;
}
