/**
 * Property (issue 19 §4): the early-exit form of `ANY v IN TOKENS(x, o) SATISFIES v = c END`
 * (src/eval/compile-any-tokens.ts) has the value of the ANY as written, for random documents,
 * options (valid, invalid, MISSING, NULL, not an object) and compared values (a token of the
 * document, other text, numbers, booleans, NULL, MISSING, arrays; written as a literal, a
 * parameter or a field of the row). The ANY as written is `SATISFIES (v = c) AND TRUE`, which
 * the rewrite does not match and whose truth is that of `v = c`. Likewise `CONTAINS_TOKEN(x,
 * <literal>, o)` (the search made once, compile-contains-token.ts) against `CONTAINS_TOKEN(x,
 * d.t, o)` (the function called per row). Runs: TOKENQL_PROPERTY_RUNS (default 300).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database, parseTokenOptions, tokens, type Value } from '../../src/index.js';
import { awkwardText, jsonValue, literal, printOptions, propertyRuns, tokenOptions } from '../../src/testing/index.js';

const RUNS = propertyRuns(300);

let db: Database;
beforeAll(async () => {
  db = await Database.open();
});
afterAll(async () => {
  await db.close();
});

interface Case {
  /** The document's `x` (undefined: the field is absent, MISSING). */
  x: Value;
  /** The options argument as written: `''` (none), `, {…}`, `, MISSING`, `, NULL`, `, 5`. */
  opts: string;
  /** The compared value (undefined: MISSING). */
  c: Value;
  /** How `c` is written: a literal, the parameter `$t`, or the row's field `d.t`. */
  form: 'literal' | 'param' | 'field';
}

const cases: fc.Arbitrary<Case> = fc
  .tuple(
    fc.oneof({ weight: 9, arbitrary: jsonValue({ text: awkwardText({ extended: true, maxPieces: 6 }), depth: 3 }) }, { weight: 1, arbitrary: fc.constant(undefined) }),
    fc.oneof(
      { weight: 8, arbitrary: tokenOptions().map((o) => printOptions(o)) },
      { weight: 1, arbitrary: fc.constantFrom(', MISSING', ', NULL', ', 5', ', "lower"') },
    ),
  )
  .chain(([x, opts]) => {
    // Printed options are JSON text (`, {"case": "lower"}`): the tokens drawn from are those of these options.
    const parsed: Value = opts.startsWith(', {') ? (JSON.parse(opts.slice(2)) as Value) : undefined;
    const toks = x === undefined ? [] : tokens(x, parseTokenOptions(parsed));
    const drawn = toks.length > 0 ? [fc.constantFrom(...toks)] : [];
    const c = fc.oneof(...drawn, awkwardText(), fc.integer({ min: -5, max: 5 }), fc.boolean(), fc.constantFrom<Value>(null, undefined, '', 1.5, ['a'], {}));
    return fc.record({ x: fc.constant(x), opts: fc.constant(opts), c, form: fc.constantFrom<Case['form']>('literal', 'param', 'field') });
  });

function statement(k: Case): string {
  const c = k.form === 'literal' ? literal(k.c) : k.form === 'param' ? '$t' : 'd.t';
  const doc = `{${k.x === undefined ? '' : `"x": ${literal(k.x)}`}${k.c === undefined ? '' : `${k.x === undefined ? '' : ', '}"t": ${literal(k.c)}`}}`;
  return (
    `SELECT ANY v IN TOKENS(d.x${k.opts}) SATISFIES v = ${c} END AS fast, ANY v IN TOKENS(d.x${k.opts}) SATISFIES (v = ${c}) AND TRUE END AS slow, ` +
    `ANY v IN TOKENS(d.x${k.opts}) SATISFIES ${c} = v END AS flipped, ` +
    `CONTAINS_TOKEN(d.x, ${literal(k.c)}${k.opts}) AS once, CONTAINS_TOKEN(d.x, d.t${k.opts}) AS per_row FROM [${doc}] AS d`
  );
}

describe('ANY v IN TOKENS(x, o) SATISFIES v = c END ≡ the ANY as written', () => {
  it('for random documents, options and compared values', { timeout: 300_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(cases, async (k) => {
        const params = k.form === 'param' && k.c !== undefined ? { t: k.c } : { t: null };
        // A MISSING parameter is written as the absent field (`$t` is then NULL): compare like with like.
        const kk = k.form === 'param' && k.c === undefined ? { ...k, c: null } : k;
        const { results } = await db.query(statement(kk), { params: params as never });
        const row = results[0] as Record<string, Value>;
        expect({ fast: row.fast, flipped: row.flipped }, statement(kk)).toEqual({ fast: row.slow, flipped: row.slow });
        expect(row.once, statement(kk)).toEqual(row.per_row);
      }),
      { numRuns: RUNS },
    );
  });
});
