import { describe, expect, it } from 'vitest';
import { Database } from '../../../src/index.js';
import { tokenOptionProblems } from '../../../src/tokens/index.js';

/**
 * Token options that the functions silently ignore keep the reference's result (cbq answers
 * `CONTAINS_TOKEN('Alpine Inn', 'alpine', {'case': 'lowercase'})` with false and no warning)
 * and add a warning to the statement, so that a typo does not lose rows unnoticed.
 */
describe('token option warnings', () => {
  it.each([
    [{ cse: 'lower' }, ['unknown token option "cse" is ignored (did you mean "case"?); the options are case, names, specials, split, trim']],
    [{ Case: 'lower' }, ['unknown token option "Case" is ignored (did you mean "case"?); the options are case, names, specials, split, trim']],
    [{ case: 'lowercase' }, ['token option "case": "lowercase" is neither "lower" nor "upper", so no case folding is done']],
    [{ case: 1 }, ['token option "case": 1 is neither "lower" nor "upper", so no case folding is done']],
    [{ specials: 'true' }, ['token option "specials": "true" is not a boolean, so the default false is used']],
    [{ split: null }, ['token option "split": null is not a boolean, so the default true is used']],
    [{ case: 'UPPER', split: false, trim: true, specials: true, names: false }, []],
    [{}, []],
    [null, []],
    [undefined, []],
    ['lower', []],
  ])('%j → %j', (options, expected) => {
    expect(tokenOptionProblems(options as never)).toEqual(expected);
  });

  it("adds the warning to the statement's warnings and keeps the result", async () => {
    const db = await Database.open();
    const typo = await db.query("SELECT RAW CONTAINS_TOKEN('Alpine Inn', 'alpine', {'case': 'lowercase'})");
    expect(typo.results).toEqual([false]);
    expect(typo.warnings).toEqual([{ code: 0, msg: 'token option "case": "lowercase" is neither "lower" nor "upper", so no case folding is done' }]);
    const right = await db.query("SELECT RAW CONTAINS_TOKEN('Alpine Inn', 'alpine', {'case': 'lower'})");
    expect(right.results).toEqual([true]);
    expect(right.warnings).toEqual([]);
    const rows = await db.query("SELECT RAW TOKENS(t, {'cse': 'lower'}) FROM ['A b', 'C'] AS t");
    expect(rows.results).toEqual([['A', 'b'], ['C']]);
    expect(rows.warnings).toHaveLength(1); // once per statement, not per row
    await db.close();
  });
});
