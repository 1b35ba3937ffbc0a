/**
 * Property `containsIffInTokens()` (spec §6–§8): for any value `x`, options `o` and token `t`,
 * `CONTAINS_TOKEN(x, t, o)` ⇔ `t` is among `TOKENS(x, o)` (same type, N1QL-equal);
 * `CONTAINS_TOKEN_LIKE(x, p, o)` ⇔ some string token matches LIKE `p` (whole token);
 * `CONTAINS_TOKEN_REGEXP(x, r, o)` ⇔ some string token matches `^r$`.
 *
 *   fc.assert(containsIffInTokens({ values: documents({ fields: ['title'] }) }))
 *
 * A counterexample prints as one SELECT that shows all four functions on the case.
 */
import fc from 'fast-check';
import { collate, containsToken, parseTokenOptions, type Value } from '../../index.js';
import { compileLike, compileRegexp, containsTokenMatching, tokens } from '../../tokens/index.js';
import { jsonValue, literal } from '../documents.js';
import { optionsValue, printOptions, tokenOptions, type Options } from '../options.js';
import { likePattern, regexpPattern } from '../patterns.js';
import { renderScript, withScript } from '../script.js';
import { awkwardText } from '../text.js';

/** One case of {@link containsIffInTokens}. */
export interface TokenCase {
  value: Value;
  options: Options | undefined;
  token: Value;
  like: string;
  regexp: string;
}

/** Options of {@link containsIffInTokens}. */
export interface ContainsIffInTokensOptions {
  /** The values searched (default: nested JSON with extended awkward text). */
  values?: fc.Arbitrary<Value>;
  /** The options (default: `tokenOptions()`, invalid ones included). */
  options?: fc.Arbitrary<Options | undefined>;
}

/** The case as a SELECT for `tokenql shell`. */
export function tokenCaseScript(c: TokenCase): string {
  const [x, o] = [literal(c.value), printOptions(c.options)];
  const select =
    `SELECT CONTAINS_TOKEN(${x}, ${literal(c.token)}${o}) AS contains, CONTAINS_TOKEN_LIKE(${x}, ${literal(c.like)}${o}) AS \`like\`, ` +
    `CONTAINS_TOKEN_REGEXP(${x}, ${literal(c.regexp)}${o}) AS \`regexp\`, ARRAY_SORT(TOKENS(${x}${o})) AS tokens`;
  return renderScript('containsIffInTokens: each function must agree with the tokens', [], [{ statement: select }]);
}

const isMember = (toks: Value[], t: Value): boolean => toks.some((u) => typeof u === typeof t && collate(u, t) === 0);

/** The token functions agree with TOKENS on every case. */
export function containsIffInTokens(o: ContainsIffInTokensOptions = {}): fc.IProperty<[TokenCase]> {
  const values = o.values ?? jsonValue({ text: awkwardText({ extended: true, maxPieces: 8 }) });
  const cases = fc.tuple(values, o.options ?? tokenOptions()).chain(([value, options]) => {
    const toks = tokens(value, parseTokenOptions(optionsValue(options) ?? {}));
    const drawn = toks.length > 0 ? [fc.constantFrom(...toks)] : [];
    const token = fc.oneof(...drawn, awkwardText(), fc.integer({ min: -20, max: 20 }), fc.boolean(), fc.constantFrom<Value>('', 1.0, 2.5, [], {}));
    return fc.record({ value: fc.constant(value), options: fc.constant(options), token, like: likePattern, regexp: regexpPattern });
  });
  return fc.property(cases.map((c) => withScript<TokenCase>({ ...c }, tokenCaseScript)), (c) => {
    const opts = parseTokenOptions(optionsValue(c.options) ?? {});
    const toks = tokens(c.value, opts);
    const contains = c.token !== null && typeof c.token !== 'object' && isMember(toks, c.token);
    const like = compileLike(c.like);
    const re = compileRegexp(c.regexp, 'full');
    const expected = { contains, like: toks.some((t) => typeof t === 'string' && like(t)), regexp: toks.some((t) => typeof t === 'string' && re.test(t)) };
    const actual = {
      contains: containsToken(c.value, c.token, opts),
      like: containsTokenMatching(c.value, like, opts),
      regexp: containsTokenMatching(c.value, (t) => re.test(t), opts),
    };
    if (actual.contains !== expected.contains || actual.like !== expected.like || actual.regexp !== expected.regexp) {
      throw new Error(`token functions ${JSON.stringify(actual)} but the tokens ${JSON.stringify(toks)} say ${JSON.stringify(expected)}`);
    }
  });
}
