/**
 * The literal parts of LIKE and regular-expression patterns, as the planner of the reference
 * uses them for index spans: LIKE_PREFIX, LIKE_STOP, LIKE_SUFFIX, REGEXP_PREFIX, REGEXP_STOP,
 * REGEXP_SUFFIX. Reference: couchbase/query `expression/func_like.go` and `func_regexp.go`
 * (registry names `like_prefix` …); every rule below was checked against the reference engine.
 *
 * All are 'strict' (MISSING argument → MISSING, else NULL → NULL) and give NULL for a
 * non-string argument. The LIKE forms take an optional escape character (default `\`), which
 * must be a single character (else error 5010).
 * - *_PREFIX: the literal text every match starts with.
 * - *_STOP: the smallest string above every string starting with that prefix: the prefix with
 *   its last UTF-8 byte incremented (bytes that are no longer UTF-8 print as U+FFFD each), or,
 *   when the whole pattern is literal, the prefix followed by U+0000; an empty array when there
 *   is no prefix.
 * - *_SUFFIX: the pattern without its leading wildcards (LIKE: `%` and `_`; regexp: `.`).
 */
import { evaluationError } from '../../errors/index.js';
import { compileRegexp } from '../../tokens/patterns.js';
import type { Value } from '../../values/index.js';
import type { FunctionDef } from './function-def.js';
import { goDecodeUTF8 } from './go-utf8.js';
import { isString, strictFn } from './support.js';

/** A pattern's literal prefix and whether the pattern is nothing but that literal. */
interface Prefix {
  text: string;
  complete: boolean;
}

/** The escape character argument: `\` by default; NULL (returned) when not a string. */
function escapeOf(args: Value[]): string | null {
  if (args.length < 2) return '\\';
  const e = args[1];
  if (!isString(e)) return null;
  if ([...e].length !== 1) throw evaluationError('ESCAPE clause must resolve to a single character');
  return e;
}

function likePrefix(pattern: string, esc: string): Prefix {
  let text = '';
  const chars = [...pattern];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    if (c === esc && i + 1 < chars.length) text += chars[++i];
    else if (c === '%' || c === '_') return { text, complete: false };
    else text += c;
  }
  return { text, complete: true };
}

function likeSuffix(pattern: string): string {
  let i = 0;
  while (i < pattern.length && (pattern[i] === '%' || pattern[i] === '_')) i++;
  return pattern.slice(i);
}

const REGEXP_META = '\\.+*?()|[]{}^$';

/** True when `pattern` has a `|` outside groups and classes (no literal prefix then). */
function hasTopLevelAlternation(pattern: string): boolean {
  let depth = 0;
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') i++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth === 0) return true;
  }
  return false;
}

/**
 * The literal prefix of a regular expression, read from its syntax: literal characters (and
 * escaped punctuation, and one-character classes such as `[a]`) up to the first construct that
 * is not literal; `x+` keeps one `x`, `x*` and `x?` drop it, `x{n}` repeats it; a group is read
 * inside when it has no alternation. Parsing stops at anchors `$`, classes, `.` and flags.
 */
function regexpPrefix(pattern: string): Prefix {
  if (hasTopLevelAlternation(pattern)) return { text: '', complete: false };
  let i = pattern.startsWith('^') ? 1 : 0;
  let text = '';
  const stop = (): Prefix => ({ text, complete: false });
  while (i < pattern.length) {
    const c = pattern[i]!;
    let atom: string;
    let next: number;
    if (c === '\\') {
      const d = pattern[i + 1];
      if (d === undefined || /[0-9A-Za-z]/.test(d)) return stop();
      atom = d;
      next = i + 2;
    } else if (c === '[') {
      const m = /^\[([^\]\\^-])\]/.exec(pattern.slice(i));
      if (!m) return stop();
      atom = m[1]!;
      next = i + m[0].length;
    } else if (c === '(') {
      if (pattern[i + 1] === '?' && pattern[i + 2] !== ':') return stop();
      const open = pattern[i + 1] === '?' ? i + 3 : i + 1;
      let depth = 1;
      let j = open;
      for (; j < pattern.length && depth > 0; j++) {
        if (pattern[j] === '\\') j++;
        else if (pattern[j] === '(') depth++;
        else if (pattern[j] === ')') depth--;
      }
      const inner = regexpPrefix(pattern.slice(open, j - 1));
      if (!inner.complete) return { text: text + inner.text, complete: false };
      atom = inner.text;
      next = j;
    } else if (REGEXP_META.includes(c)) {
      return stop();
    } else {
      atom = String.fromCodePoint(pattern.codePointAt(i)!);
      next = i + atom.length;
    }
    const q = pattern[next];
    if (q === '*' || q === '?') return stop();
    if (q === '+') return { text: text + atom, complete: false };
    if (q === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(next));
      if (!m) return stop();
      text += atom.repeat(Number(m[1]));
      if (m[2] !== undefined && m[3] !== m[1]) return stop();
      i = next + m[0].length;
      continue;
    }
    text += atom;
    i = next;
  }
  return { text, complete: true };
}

/** The *_STOP value of a prefix (see the file comment). */
function stopOf(p: Prefix): Value {
  if (p.complete) return p.text + '\u0000';
  if (p.text === '') return [];
  const bytes = Buffer.from(p.text, 'utf8');
  bytes[bytes.length - 1] = (bytes[bytes.length - 1]! + 1) & 0xff;
  return goDecodeUTF8(bytes);
}

function likeFn(name: string, body: (pattern: string, esc: string) => Value): FunctionDef {
  return strictFn(name, 1, 2, ([p]) => isString(p), (args) => {
    const esc = escapeOf(args);
    return esc === null ? null : body(args[0] as string, esc);
  });
}

function regexpFn(name: string, body: (pattern: string) => Value): FunctionDef {
  return strictFn(name, 1, 1, ([p]) => isString(p), ([p]) => body(p as string));
}

export const patternPrefixFunctions: FunctionDef[] = [
  likeFn('LIKE_PREFIX', (p, esc) => likePrefix(p, esc).text),
  likeFn('LIKE_STOP', (p, esc) => stopOf(likePrefix(p, esc))),
  likeFn('LIKE_SUFFIX', (p) => likeSuffix(p)),
  regexpFn('REGEXP_PREFIX', (p) => {
    compileRegexp(p, 'search');
    return regexpPrefix(p).text;
  }),
  regexpFn('REGEXP_STOP', (p) => {
    compileRegexp(p, 'search');
    return stopOf(regexpPrefix(p));
  }),
  regexpFn('REGEXP_SUFFIX', (p) => {
    let i = 0;
    while (p[i] === '.') i++;
    const rest = p.slice(i);
    compileRegexp(rest, 'search');
    return rest;
  }),
];
