/**
 * LIKE and REGEXP patterns for CONTAINS_TOKEN_LIKE / _REGEXP (spec §7, §8), and escaping.
 *
 *   likePattern   → '%a\\_', 'jim%', '_😀', '\\%(' (never a trailing lone backslash)
 *   regexpPattern → '(a|b)+1|a', '[^a]?é{1,2}' (RE2 and JS agree on these)
 *   likeEscape('100%') → '100\\%'      regexpEscape('a.b') → 'a\\.b'
 */
import fc from 'fast-check';

/** Escapes LIKE metacharacters with the fixed escape `\`. */
export const likeEscape = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Escapes regular-expression metacharacters. */
export const regexpEscape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, (c) => `\\${c}`);

const likePiece = fc.oneof(
  fc.constantFrom('%', '%', '_', '\\%', '\\_', '\\\\', '\\a', '.', '*', '(', '[', '$', '^', '?', '+', '|'),
  fc.constantFrom('a', 'b', 'ab', 'A', 'é', '😀', 'com', 'jim', '1', '\n', '𝟿', '𠏿', '\uffff', 'ퟻ'),
);

/** True when a LIKE pattern ends in a lone escape (an error, spec §7). */
export const trailingEscape = (p: string): boolean => /(^|[^\\])(\\\\)*\\$/.test(p);

/** A LIKE pattern of metacharacters, escapes and awkward literals (always valid). */
export const likePattern: fc.Arbitrary<string> = fc
  .array(likePiece, { maxLength: 6 })
  .map((ps) => ps.join(''))
  .filter((p) => !trailingEscape(p));

const regexpAtom = fc.constantFrom('a', 'b', 'é', '😀', '1', '[a-c]', '[^a]', '(a|b)', '(?:ab)', '\\d', 'x');

/** A regular expression whose meaning is the same in RE2 and JS, sometimes with top-level alternation. */
export const regexpPattern: fc.Arbitrary<string> = fc
  .array(fc.tuple(regexpAtom, fc.constantFrom('', '', '*', '+', '?', '{1,2}')), { minLength: 1, maxLength: 4 })
  .chain((parts) => fc.tuple(fc.constant(parts.map(([a, q]) => a + q).join('')), fc.constantFrom('', '|a', '|b+')))
  .map(([p, alt]) => p + alt);

/** Strings over the regexp atoms' alphabet. */
export const regexpSubject: fc.Arbitrary<string> = fc
  .array(fc.constantFrom('a', 'b', 'c', 'é', '😀', '1', 'x', 'ab'), { maxLength: 5 })
  .map((xs) => xs.join(''));
