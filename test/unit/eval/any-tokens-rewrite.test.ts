import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database } from '../../../src/index.js';

/**
 * `ANY v IN TOKENS(x, o) SATISFIES v = c END` runs as the early-exit token search
 * (src/eval/compile-any-tokens.ts) and `CONTAINS_TOKEN(x, 'const')` with its search made once
 * (compile-contains-token.ts): the values are the reference's, MISSING and NULL rows included.
 * Expected values: the reference engine's answers (n1ql-reference, cbq-engine 3582af6c).
 */
let db: Database;
beforeAll(async () => {
  db = await Database.open();
});
afterAll(async () => {
  await db.close();
});

const one = async (statement: string, params?: Record<string, unknown>): Promise<unknown> => (await db.query(statement, params ? { params: params as never } : undefined)).results[0];

describe('ANY v IN TOKENS(…) SATISFIES v = c END (early-exit form)', () => {
  it('MISSING, NULL, empty and invalid-options collections', async () => {
    expect(
      await one(
        "SELECT TOKENS(NULL) AS a, TOKENS(MISSING) AS b, TOKENS('x', 5) AS c, TOKENS('') AS d, ANY v IN TOKENS(NULL) SATISFIES v = 'a' END AS e, " +
          "ANY v IN TOKENS(MISSING) SATISFIES v = 'a' END AS f, ANY v IN TOKENS('a', 5) SATISFIES v = 'a' END AS g",
      ),
    ).toEqual({ a: [null], c: null, d: [], e: false, g: null });
  });

  it('NULL and MISSING compared values, numbers, booleans, options, names, both sides of =', async () => {
    expect(
      await one(
        "SELECT ANY v IN TOKENS('a b') SATISFIES v = NULL END AS a, ANY v IN TOKENS('a b') SATISFIES v = MISSING END AS b, " +
          "ANY v IN TOKENS('') SATISFIES v = MISSING END AS b2, ANY v IN TOKENS(1) SATISFIES v = 1.0 END AS c, " +
          "ANY v IN TOKENS([1, 'A b', true]) SATISFIES v = true END AS d, ANY v IN TOKENS('A b', {'case':'lower'}) SATISFIES v = 'a' END AS e, " +
          "ANY v IN TOKENS('A b', {'case':'lower'}) SATISFIES v = 'A' END AS e2, ANY v IN TOKENS('a', MISSING) SATISFIES v = 'a' END AS f, " +
          "ANY v IN TOKENS({'k':'x y'}) SATISFIES v = 'x' END AS g, ANY v IN TOKENS({'k':1}, {'names':true}) SATISFIES v = 'k' END AS h, " +
          "ANY v IN TOKENS({'k':1}) SATISFIES v = 'k' END AS h2, ANY v IN TOKENS('a') SATISFIES v = ['a'] END AS i, " +
          "ANY v IN TOKENS('a') SATISFIES 'a' = v END AS j, ANY v IN TOKENS('1') SATISFIES v = 1 END AS k, " +
          "ANY v IN TOKENS(['1', 1]) SATISFIES v = '1' END AS l, ANY v IN TOKENS(NULL) SATISFIES v = NULL END AS m, " +
          "ANY v IN TOKENS('a.b@c', {'specials':true}) SATISFIES v = 'a.b@c' END AS n, " +
          "ANY v IN TOKENS('ab cd', {'split':false}) SATISFIES v = 'ab cd' END AS o, SOME v IN TOKENS('x') SATISFIES v = 'x' END AS p",
      ),
    ).toEqual({ a: false, b: false, b2: false, c: true, d: true, e: true, e2: false, g: true, h: true, h2: true, i: false, j: true, k: false, l: true, m: false, n: true, o: true, p: true });
  });

  it('per row: fields, a parameter and options read from the row', async () => {
    const { results } = await db.query(
      "SELECT ANY v IN TOKENS(d.x) SATISFIES v = 'b' END AS a, ANY v IN TOKENS(d.x) SATISFIES v = $t END AS p, " +
        "ANY v IN TOKENS(d.x, d.o) SATISFIES v = d.t END AS f, CONTAINS_TOKEN(d.x, 'b') AS c " +
        "FROM [{'x':'a b', 't':'b'}, {'y':1}, {'x':null,'t':null}, {'x':['A', 2, {'b': false}], 't':'A', 'o':{'case':'upper'}}, " +
        "{'x':'a b', 'o':'lower', 't':'a'}, {'x':[2.0, true], 't':2}, {'x':'a b', 't':'b', 'o':{'names':false}}] AS d",
      { params: { t: 'b' } },
    );
    expect(results).toEqual([
      { a: true, p: true, c: true },
      {},
      { a: false, p: false, c: null },
      { a: true, p: true, f: true, c: true },
      { a: true, p: true, f: null, c: true },
      { a: false, p: false, c: false },
      { a: true, p: true, f: true, c: true },
    ]);
  });

  // The warning is tokenql's own (docs/functions.md: ignored options are reported); the value is the reference's.
  it('keeps the options warnings of TOKENS', async () => {
    const r = await db.query("SELECT ANY v IN TOKENS('A b', {'cse':'lower'}) SATISFIES v = 'a' END AS w");
    expect(r.results).toEqual([{ w: false }]);
    expect(r.warnings?.map((w) => w.msg)).toEqual(['unknown token option "cse" is ignored (did you mean "case"?); the options are case, names, specials, split, trim']);
  });

  it('a parameter that is not given is an error only where the ANY would evaluate it', async () => {
    // Over no tokens the comparison is never evaluated (the ANY as written).
    expect(await one("SELECT ANY v IN TOKENS('') SATISFIES v = $t END AS w")).toEqual({ w: false });
    await expect(db.query("SELECT ANY v IN TOKENS('a b') SATISFIES v = $t END AS w")).rejects.toThrow(/named parameter \$t/);
  });

  it('a comparison with the variable itself or a computed value is evaluated as written', async () => {
    expect(await one("SELECT ANY v IN TOKENS('a b') SATISFIES v = v END AS a, ANY v IN TOKENS('a b') SATISFIES v = LOWER('B') END AS b")).toEqual({ a: true, b: true });
  });
});

describe('CONTAINS_TOKEN with a constant token', () => {
  it('MISSING, NULL, options and numbers', async () => {
    expect(
      await one(
        "SELECT CONTAINS_TOKEN(NULL, 'a') AS c1, CONTAINS_TOKEN(MISSING, 'a') AS c2, CONTAINS_TOKEN('A b', 'a', {'case':'lower'}) AS c3, " +
          "CONTAINS_TOKEN('a b', 'a', 5) AS c4, CONTAINS_TOKEN([1,2], 2.0) AS c5, CONTAINS_TOKEN('a b', NULL) AS c6, CONTAINS_TOKEN({'k': 1}, 'k') AS c7",
      ),
    ).toEqual({ c1: null, c3: true, c4: null, c5: true, c6: null, c7: true });
  });
});
