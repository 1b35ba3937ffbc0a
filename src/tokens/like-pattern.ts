import { re2 } from './re2.js';
import { evaluationError } from '../errors/index.js';

/**
 * A parsed N1QL LIKE pattern: literal runs and wildcards, with escapes resolved and consecutive
 * `%` collapsed. `%` matches any run of code points (including none and newlines), `_` exactly
 * one code point.
 */
export type LikeItem = { kind: 'literal'; text: string } | { kind: 'any' } | { kind: 'one' };

/**
 * Parses a LIKE pattern (spec §7). The escape character (default `\`) makes the next code point
 * literal; an escape at the very end is an error 5010 `Trailing escape character (\) in pattern`
 * (with the actual escape character). An empty escape disables escaping.
 */
export function parseLike(pattern: string, escape = '\\'): LikeItem[] {
  const items: LikeItem[] = [];
  let lit = '';
  const flush = (): void => {
    if (lit !== '') items.push({ kind: 'literal', text: lit });
    lit = '';
  };
  const chars = Array.from(pattern);
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i];
    if (escape !== '' && ch === escape) {
      if (i + 1 >= chars.length) throw evaluationError(`Trailing escape character (${escape}) in pattern`);
      lit += chars[++i];
    } else if (ch === '%') {
      flush();
      if (items.length === 0 || items[items.length - 1].kind !== 'any') items.push({ kind: 'any' });
    } else if (ch === '_') {
      flush();
      items.push({ kind: 'one' });
    } else {
      lit += ch;
    }
  }
  flush();
  return items;
}

/**
 * A matcher for `_`-free patterns — literals separated by `%` — built from string operations:
 * `===`, `startsWith`, `endsWith`, `includes`, and for inner literals a greedy left-to-right
 * `indexOf` (leftmost placement of each inner literal is always safe).
 */
function stringMatcher(items: LikeItem[]): (s: string) => boolean {
  const lits = items.filter((it) => it.kind === 'literal').map((it) => (it as { text: string }).text);
  const anyStart = items.length > 0 && items[0].kind === 'any';
  const anyEnd = items.length > 0 && items[items.length - 1].kind === 'any';
  if (items.length === 0) return (s) => s === '';
  if (lits.length === 0) return () => true; // '%'
  if (lits.length === 1) {
    const l = lits[0];
    if (anyStart && anyEnd) return (s) => s.includes(l);
    if (anyStart) return (s) => s.endsWith(l);
    if (anyEnd) return (s) => s.startsWith(l);
    return (s) => s === l;
  }
  const first = anyStart ? '' : lits[0];
  const last = anyEnd ? '' : lits[lits.length - 1];
  const inner = lits.slice(anyStart ? 0 : 1, anyEnd ? lits.length : lits.length - 1);
  const minLen = lits.reduce((n, l) => n + l.length, 0);
  return (s) => {
    if (s.length < minLen || !s.startsWith(first) || !s.endsWith(last)) return false;
    const limit = s.length - last.length;
    let pos = first.length;
    for (const l of inner) {
      const j = s.indexOf(l, pos);
      if (j < 0 || j + l.length > limit) return false;
      pos = j + l.length;
    }
    return true;
  };
}

/** Quotes a literal for RE2: ASCII punctuation gets a backslash, everything else is itself. */
function quoteRegexp(text: string): string {
  return text.replace(/[\\^$.|?*+()[\]{}\-/#&~!"'%,:;<=>@`]/g, '\\$&');
}

/** A whole-string matcher for parsed LIKE items (RE2 `(?s)^…$` when `_` occurs). */
export function likeMatcher(items: LikeItem[]): (s: string) => boolean {
  if (!items.some((it) => it.kind === 'one')) return stringMatcher(items);
  let src = '';
  for (const it of items) src += it.kind === 'literal' ? quoteRegexp(it.text) : it.kind === 'any' ? '.*' : '.';
  const re = new (re2())(`(?s)^(?:${src})$`, 'u');
  return (s) => re.test(s);
}
