/**
 * Property tests of the tokenizer and the token predicates (spec §3–§8, DESIGN §7), checked
 * against a straightforward reference implementation written here with Unicode regexps.
 * Runs: TOKENQL_PROPERTY_RUNS (default 500). fast-check prints the seed and path of a failure.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compileLike,
  compileRegexp,
  containsToken,
  containsTokenMatching,
  parseTokenOptions,
  tokens,
  type TokenOptions,
} from '../../src/tokens/index.js';
import { collate, type Value } from '../../src/values/index.js';

const RUNS = Number(process.env.TOKENQL_PROPERTY_RUNS ?? 500);
/** Generous: many runs on a shared machine. */
const TIMEOUT = { timeout: 300_000 };
const check = (p: fc.IProperty<never> | fc.IProperty<unknown[]>): void => fc.assert(p as fc.IProperty<unknown[]>, { numRuns: RUNS });

// ---------------------------------------------------------------------------------------------
// Generators: awkward text, nested values, options.

const FRAGMENTS = [
  'jim@abc.com', 'kim@abc.com,', 'http://abc.com/,', 'https://x.org/a?b=c&d=e', '408-555-1212', 'snake_case', "it's", 'C++',
  'SL300', '3.14', '-5', '1e10', 'naïve', 'e\u0301te', 'हिन्दी', '東京タワー', '😀', '❤️', 'x²', '½', 'Ⅻ', 'Привет', 'straße',
  'İstanbul', 'ΟΔΟΣ', 'ǅ', 'ᾳ', 'ᾈ', 'ﬁ', 'ŉ', '𝒜𝒷', 'Hello', 'WORLD', 'MiXeD', '"quoted"', '(x)', '[y]', '{z}', 'a,b;c', '!!!',
  '<tag>', '#hash', 'a\u0345b', 'K', 'ſ', '\ud800', '\udc00',
];
const SPACES = [' ', '  ', '\t', '\n', '\r\n', '\u00a0', '\u3000', '\u0085', '\ufeff', '\u2028', '\u200b', '\u180e'];
const piece = fc.oneof(
  fc.constantFrom(...FRAGMENTS),
  fc.constantFrom(...SPACES),
  fc.constantFrom(...'aAbBzZ09_-.\'@/%\\'.split('')),
  fc.string({ unit: 'binary', maxLength: 4 }),
  fc.string({ unit: 'grapheme-ascii', maxLength: 6 }),
);
const text = fc.array(piece, { maxLength: 8 }).map((ps) => ps.join(''));

const scalar: fc.Arbitrary<Value> = fc.oneof(
  text,
  fc.integer({ min: -20, max: 20 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom<Value>(1, 1.0, -0, 0, 10, 2.5, true, false, null),
);
const { value } = fc.letrec<{ value: Value }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(text, tie('value'), { maxKeys: 4 }),
  ),
}));

const options: fc.Arbitrary<TokenOptions> = fc
  .record(
    {
      case: fc.constantFrom<Value>('lower', 'upper', 'UPPER', 'Lower', 'title', 1),
      split: fc.constantFrom<Value>(true, false, 0),
      trim: fc.constantFrom<Value>(true, false, 'no'),
      specials: fc.constantFrom<Value>(true, false, 'true'),
      names: fc.constantFrom<Value>(true, false),
    },
    { requiredKeys: [] },
  )
  .map((o) => parseTokenOptions(o as Value));

// ---------------------------------------------------------------------------------------------
// The reference: regexps, per-code-point folding, a list de-duplicated by N1QL equivalence.

const WORD_RUN = /[\p{L}\p{N}]+/gu;
const GO_SPACE = '\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const SPECIAL_CUT = new RegExp(`[${GO_SPACE}()\\[\\]{}]+`, 'u');
const TRAILING_NON_WORD = /[^\p{L}\p{N}]+$/u;
const TRIM = new RegExp(`^[${GO_SPACE}]+|[${GO_SPACE}]+$`, 'g');
/** Simple mappings where JS's full mapping has several runes (SpecialCasing vs UnicodeData). */
const SIMPLE: Record<string, string> = { İ: 'i', ᾳ: 'ᾼ', ῃ: 'ῌ', ῳ: 'ῼ' };
for (let k = 0; k < 8; k++) {
  for (const base of [0x1f80, 0x1f90, 0x1fa0]) SIMPLE[String.fromCharCode(base + k)] = String.fromCharCode(base + k + 8);
}

function refFold(t: string, mode: TokenOptions['case']): string {
  if (mode === 'none') return t;
  return Array.from(t, (ch) => {
    const f = mode === 'lower' ? ch.toLowerCase() : ch.toUpperCase();
    return Array.from(f).length === 1 ? f : mode === 'lower' && ch !== 'İ' ? ch : (SIMPLE[ch] ?? ch);
  }).join('');
}

function refStringTokens(s: string, o: TokenOptions): string[] {
  if (!o.split) {
    const t = o.trim ? s.replace(TRIM, '') : s;
    return t === '' ? [] : [refFold(t, o.case)];
  }
  const out = (s.match(WORD_RUN) ?? []).map((t) => refFold(t, o.case));
  if (o.specials) {
    for (const p of s.split(SPECIAL_CUT)) {
      const t = p.replace(TRAILING_NON_WORD, '');
      if (t !== '') out.push(refFold(t, o.case));
    }
  }
  return out;
}

function refTokens(v: Value, o: TokenOptions): Value[] {
  const all: Value[] = [];
  const walk = (x: Value): void => {
    if (x === undefined) return;
    if (typeof x === 'string') all.push(...refStringTokens(x, o));
    else if (Array.isArray(x)) x.forEach(walk);
    else if (x !== null && typeof x === 'object') {
      for (const [k, y] of Object.entries(x)) {
        if (o.names) all.push(...refStringTokens(k, o));
        walk(y);
      }
    } else all.push(x);
  };
  walk(v);
  const out: Value[] = [];
  for (const t of all) if (!out.some((u) => collate(u, t) === 0)) out.push(t === 0 ? 0 : t);
  return out;
}

const isMember = (toks: Value[], t: Value): boolean => toks.some((u) => typeof u === typeof t && collate(u, t) === 0);

// ---------------------------------------------------------------------------------------------

describe('tokens (property)', TIMEOUT, () => {
  it('equals the reference implementation, order included', () => {
    check(
      fc.property(value, options, (v, o) => {
        expect(tokens(v, o)).toEqual(refTokens(v, o));
      }),
    );
  });

  it('the default split of any string equals /[\\p{L}\\p{N}]+/gu (marks included)', () => {
    const D = parseTokenOptions({});
    check(
      fc.property(fc.oneof(text, fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' })), (s) => {
        expect(tokens(s, D)).toEqual([...new Set(s.match(WORD_RUN) ?? [])]);
      }),
    );
  });

  it('has no duplicates (N1QL equivalence) and is deterministic', () => {
    check(
      fc.property(value, options, (v, o) => {
        const a = tokens(v, o);
        for (let i = 0; i < a.length; i++) for (let j = i + 1; j < a.length; j++) expect(collate(a[i], a[j])).not.toBe(0);
        expect(tokens(structuredClone(v), o)).toEqual(a);
        expect(tokens(v, o)).toEqual(a);
      }),
    );
  });

  it('folding is idempotent: re-tokenizing the tokens changes nothing (no specials)', () => {
    check(
      fc.property(value, options, (v, o0) => {
        const o = { ...o0, specials: false };
        const a = tokens(v, o);
        expect(tokens(a, o)).toEqual(a);
      }),
    );
  });

  it('split:false gives exactly the trimmed non-empty strings plus the non-string scalars', () => {
    check(
      fc.property(value, fc.boolean(), fc.boolean(), (v, trim, names) => {
        const o = parseTokenOptions({ split: false, trim, names });
        const expected: Value[] = [];
        const add = (t: Value): void => {
          if (!isMember(expected, t)) expected.push(t);
        };
        const addString = (s: string): void => {
          const t = trim ? s.replace(TRIM, '') : s;
          if (t !== '') add(t);
        };
        const walk = (x: Value): void => {
          if (typeof x === 'string') addString(x);
          else if (Array.isArray(x)) x.forEach(walk);
          else if (x !== null && typeof x === 'object') {
            for (const [k, y] of Object.entries(x)) {
              if (names) addString(k);
              walk(y);
            }
          } else if (x !== undefined) add(x);
        };
        walk(v);
        expect(new Set(tokens(v, o))).toEqual(new Set(expected.map((t) => (t === 0 ? 0 : t))));
      }),
    );
  });
});

describe('containsToken (property)', TIMEOUT, () => {
  const candidate = (v: Value, o: TokenOptions): fc.Arbitrary<Value> => {
    const toks = tokens(v, o);
    const drawn = toks.length > 0 ? [fc.constantFrom(...toks)] : [];
    return fc.oneof(...drawn, text, fc.integer({ min: -20, max: 20 }), fc.boolean(), fc.constantFrom<Value>('', 1.0, 2.5, [], {}));
  };

  it('⇔ the token is among TOKENS (t drawn from the tokens and at random)', () => {
    check(
      fc.property(
        fc.tuple(value, options).chain(([v, o]) => fc.tuple(fc.constant(v), fc.constant(o), candidate(v, o))),
        ([v, o, t]) => {
          const expected = t !== null && typeof t !== 'object' && isMember(tokens(v, o), t);
          expect(containsToken(v, t, o)).toBe(expected);
        },
      ),
    );
  });
});

// ---------------------------------------------------------------------------------------------
// LIKE and REGEXP.

const likePiece = fc.oneof(
  fc.constantFrom('%', '%', '_', '\\%', '\\_', '\\\\', '\\a', '.', '*', '(', '[', '$', '^', '?', '+', '|'),
  fc.constantFrom('a', 'b', 'ab', 'A', 'é', '😀', 'com', 'jim', '1', '\n'),
);
const likePattern = fc.array(likePiece, { maxLength: 6 }).map((ps) => ps.join(''));

/** LIKE → JS RegExp, the obvious way (reference for compileLike's string fast paths). */
function refLike(p: string): RegExp {
  let src = '';
  const cps = Array.from(p);
  for (let i = 0; i < cps.length; i++) {
    const ch = cps[i];
    if (ch === '\\') src += cps[++i].replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
    else if (ch === '%') src += '.*';
    else if (ch === '_') src += '.';
    else src += ch.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
  }
  return new RegExp(`^(?:${src})$`, 'su');
}

const regexpAtom = fc.constantFrom('a', 'b', 'é', '😀', '1', '[a-c]', '[^a]', '(a|b)', '(?:ab)', '\\d', 'x');
const regexpPattern = fc
  .array(fc.tuple(regexpAtom, fc.constantFrom('', '', '*', '+', '?', '{1,2}')), { minLength: 1, maxLength: 4 })
  .chain((parts) => fc.tuple(fc.constant(parts.map(([a, q]) => a + q).join('')), fc.constantFrom('', '|a', '|b+')))
  .map(([p, alt]) => p + alt);
const regexpSubject = fc.array(fc.constantFrom('a', 'b', 'c', 'é', '😀', '1', 'x', 'ab'), { maxLength: 5 }).map((xs) => xs.join(''));

describe('LIKE and REGEXP (property)', TIMEOUT, () => {
  it('compileLike agrees with a JS RegExp translation', () => {
    check(
      fc.property(
        likePattern.filter((p) => !/(^|[^\\])(\\\\)*\\$/.test(p)),
        fc.oneof(text, fc.constantFrom('a', 'ab', 'abab', '%', '_', 'a%b', '😀', 'é\n', '')),
        (p, s) => {
          expect(compileLike(p)(s)).toBe(refLike(p).test(s));
        },
      ),
    );
  });

  it('CONTAINS_TOKEN_LIKE ⇔ some string token matches the pattern', () => {
    check(
      fc.property(value, options, likePattern.filter((p) => !/(^|[^\\])(\\\\)*\\$/.test(p)), (v, o, p) => {
        const m = compileLike(p);
        const expected = tokens(v, o).some((t) => typeof t === 'string' && m(t));
        expect(containsTokenMatching(v, m, o)).toBe(expected);
      }),
    );
  });

  it('compileRegexp full mode ⇔ JS ^(?:p)$ (fully anchored, alternation included)', () => {
    check(
      fc.property(regexpPattern, regexpSubject, (p, s) => {
        expect(compileRegexp(p, 'full').test(s)).toBe(new RegExp(`^(?:${p})$`, 'u').test(s));
      }),
    );
  });

  it('CONTAINS_TOKEN_REGEXP ⇔ some string token matches the anchored pattern', () => {
    check(
      fc.property(value, options, regexpPattern, (v, o, p) => {
        const re = compileRegexp(p, 'full');
        const expected = tokens(v, o).some((t) => typeof t === 'string' && re.test(t));
        expect(containsTokenMatching(v, (t) => re.test(t), o)).toBe(expected);
      }),
    );
  });
});
