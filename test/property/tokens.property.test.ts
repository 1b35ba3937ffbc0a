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
  parseTokenOptions,
  TokenInterner,
  tokens,
  type TokenOptions,
} from '../../src/tokens/index.js';
import { collate, type Value } from '../../src/values/index.js';
import {
  awkwardText,
  containsIffInTokens,
  jsonValue,
  likePattern,
  optionsValue,
  propertyRuns,
  regexpPattern,
  regexpSubject,
  tokenOptions,
} from '../../src/testing/index.js';

const RUNS = propertyRuns(500);
/** Generous: many runs on a shared machine. */
const TIMEOUT = { timeout: 300_000 };
const check = (p: fc.IProperty<never> | fc.IProperty<unknown[]>): void => fc.assert(p as fc.IProperty<unknown[]>, { numRuns: RUNS });

// ---------------------------------------------------------------------------------------------
// Generators: the harness's (src/testing) extended awkward text, nested values and options.

const text = awkwardText({ extended: true, maxPieces: 8 });
const value = jsonValue({
  text,
  depth: 4,
  numbers: fc.oneof(fc.integer({ min: -20, max: 20 }), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom<Value>(1, 1.0, -0, 0, 10, 2.5)),
});
const options: fc.Arbitrary<TokenOptions> = tokenOptions().map((o) => parseTokenOptions(optionsValue(o) ?? {}));

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

describe('TokenInterner (property)', TIMEOUT, () => {
  it('collects, value after value in one table, exactly the distinct tokens of TOKENS, each string with one id', () => {
    check(
      fc.property(fc.array(value, { minLength: 1, maxLength: 12 }), options, (values, o) => {
        const interner = new TokenInterner(o);
        for (const v of values) {
          const before = interner.length;
          const count = interner.collect(v);
          expect(interner.length).toBe(before + count);
          const strings = Array.from(interner.ids.subarray(before, interner.length), (id) => interner.strings[id]);
          const got = [...strings, ...interner.others].sort(collate);
          expect(got).toEqual(tokens(v, o).slice().sort(collate));
        }
        expect(new Set(interner.strings).size).toBe(interner.strings.length);
        // counts: how many values had each token, that is its number of ids.
        const seen = new Array<number>(interner.size).fill(0);
        for (const id of interner.ids.subarray(0, interner.length)) seen[id]++;
        expect(Array.from(interner.counts.subarray(0, interner.size))).toEqual(seen);
      }),
    );
  });
});

describe('containsToken (property)', TIMEOUT, () => {
  it('CONTAINS_TOKEN, _LIKE and _REGEXP ⇔ the tokens (harness property containsIffInTokens)', () => {
    fc.assert(containsIffInTokens(), { numRuns: RUNS });
  });
});

// ---------------------------------------------------------------------------------------------
// LIKE and REGEXP compilers against JS RegExp translations.

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

describe('LIKE and REGEXP (property)', TIMEOUT, () => {
  it('compileLike agrees with a JS RegExp translation', () => {
    check(
      fc.property(
        likePattern,
        fc.oneof(text, fc.constantFrom('a', 'ab', 'abab', '%', '_', 'a%b', '😀', 'é\n', '')),
        (p, s) => {
          expect(compileLike(p)(s)).toBe(refLike(p).test(s));
        },
      ),
    );
  });

  it('compileRegexp full mode ⇔ JS ^(?:p)$ (fully anchored, alternation included)', () => {
    check(
      fc.property(regexpPattern, regexpSubject, (p, s) => {
        expect(compileRegexp(p, 'full').test(s)).toBe(new RegExp(`^(?:${p})$`, 'u').test(s));
      }),
    );
  });
});
