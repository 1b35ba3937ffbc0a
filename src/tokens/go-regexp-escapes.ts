/**
 * The escapes of Go's `regexp/syntax` (spec tokens-reference.md §8: the reference compiles
 * patterns with Go `regexp`), checked before a pattern reaches RE2: the `re2` package reads a
 * JavaScript-flavoured syntax, and accepts escapes Go rejects (`\u0061`, `\u{61}`, `\cA`), and
 * C++ RE2 accepts `\C`. Go accepts, outside a character class: `\A \z \b \B`, `\Q…\E`, and the
 * escapes it accepts inside one too: `\d \D \s \S \w \W`, `\pN \p{Name} \PN \P{Name}`, octal
 * `\0…` and `\1…\7` followed by an octal digit (a lone `\1` would be a back-reference), `\x`,
 * `\a \f \n \r \t \v`, and a backslash before any ASCII character that is not a letter or digit.
 */

const ANYWHERE = new Set('dDsSwWpPxafnrtv0');
const OUTSIDE_CLASS = new Set('AzbB');
const OCTAL = /^[0-7]$/;
const ALNUM = /^[A-Za-z0-9]$/;

/** Whether `\` + `c` (+ `next`) is an escape Go accepts, inside a character class or not. */
function validEscape(c: string, next: string | undefined, inClass: boolean): boolean {
  if (ANYWHERE.has(c) || (!inClass && OUTSIDE_CLASS.has(c))) return true;
  if (c >= '1' && c <= '7') return next !== undefined && OCTAL.test(next);
  return c.charCodeAt(0) < 0x80 && !ALNUM.test(c);
}

/**
 * Go's error for the first escape of `pattern` that Go's `regexp/syntax` rejects, e.g.
 * ``invalid escape sequence: `\u` ``, or undefined when every escape is one Go accepts (the
 * pattern may still be invalid otherwise: RE2 reports that).
 */
export function goEscapeError(pattern: string): string | undefined {
  let inClass = false;
  let classBody = -1; // where the class's items start: a `]` there is a literal
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') {
      const e = pattern[i + 1];
      if (e === undefined) return undefined; // a trailing backslash: RE2's error
      if (!inClass && e === 'Q') {
        const end = pattern.indexOf('\\E', i + 2);
        if (end < 0) return undefined; // the rest is literal
        i = end + 1;
        continue;
      }
      // One code point: an astral character after a backslash is invalid as a whole.
      const escaped = String.fromCodePoint(pattern.codePointAt(i + 1)!);
      if (!validEscape(escaped, pattern[i + 2], inClass)) return `invalid escape sequence: \`\\${escaped}\``;
      i += escaped.length;
      continue;
    }
    if (inClass) {
      if (c === '[' && pattern[i + 1] === ':') {
        const end = pattern.indexOf(':]', i + 2);
        if (end >= 0) i = end + 1; // [:alpha:]
      } else if (c === ']' && i > classBody) inClass = false;
    } else if (c === '[') {
      inClass = true;
      classBody = pattern[i + 1] === '^' ? i + 2 : i + 1;
      if (pattern[classBody] === ']') i = classBody; // `[]a]`, `[^]a]`: the `]` is a member
    }
  }
  return undefined;
}
