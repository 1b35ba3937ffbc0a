import { describe, expect, it } from 'vitest';
import { collate, type Value } from '../../../src/values/index.js';
import { parseTokenOptions, tokens } from '../../../src/tokens/index.js';

const D = parseTokenOptions({});
/** ARRAY_SORT, as the reference tests compare. */
const sorted = (xs: Value[]): Value[] => [...xs].sort(collate);

/** Spec §5: non-string values, set semantics; DESIGN §7: deterministic order. */
describe('tokens of values (spec §5)', () => {
  it.each<[Value, Value[]]>([
    [10, [10]],
    [-1.5, [-1.5]],
    [0, [0]],
    [false, [false]],
    [true, [true]],
    [null, [null]],
    ['hello', ['hello']],
    [[], []],
    [{}, []],
  ])('%j → %j', (v, expected) => {
    expect(tokens(v, D)).toEqual(expected);
  });

  it('MISSING contributes nothing', () => {
    expect(tokens(undefined, D)).toEqual([]);
    expect(tokens({ a: undefined, b: 1 } as never, D)).toEqual(['b', 1]);
  });

  it('the conformance mix (func_token_10), sorted', () => {
    expect(sorted(tokens([null, false, true, -1.5, 0, 10, 'Hello, World!'], D))).toEqual([null, false, true, -1.5, 0, 10, 'Hello', 'World']);
  });

  it('nested arrays flatten', () => {
    expect(tokens([[['a', [1]], 'b'], [[]]], D)).toEqual(['a', 1, 'b']);
  });

  it('objects: names (tokenized) before values, depth first, in object order', () => {
    expect(tokens({ a: { b: 'hello', c: 'world!' } }, D)).toEqual(['a', 'b', 'hello', 'c', 'world']);
    expect(tokens({ 'first name': 'Ann Lee', last_name: ['x'] }, D)).toEqual(['first', 'name', 'Ann', 'Lee', 'last', 'x']);
  });

  it('names:false drops names at every depth (func_token_12)', () => {
    expect(sorted(tokens({ aa: { bb: 'hello', cc: 'world!' } }, parseTokenOptions({ names: false })))).toEqual(['hello', 'world']);
    expect(tokens([{ a: [{ b: 1 }] }], parseTokenOptions({ names: false }))).toEqual([1]);
  });

  it('names with names:false/case:upper (func_token_14) and names:true/case:lower (func_token_15)', () => {
    expect(sorted(tokens({ aa: { bb: 'hello', cc: 'world!' } }, parseTokenOptions({ names: false, case: 'upper' })))).toEqual(['HELLO', 'WORLD']);
    expect(sorted(tokens({ AA: { BB: 'HELLO', CC: 'WORLD!' } }, parseTokenOptions({ names: true, case: 'lower' })))).toEqual([
      'aa',
      'bb',
      'cc',
      'hello',
      'world',
    ]);
  });

  it('numbers merge by value: 1 and 1.0, -0 and 0', () => {
    expect(tokens([1, 1.0, 2], D)).toEqual([1, 2]);
    const z = tokens([-0, 0], D);
    expect(z).toHaveLength(1);
    expect(Object.is(z[0], 0)).toBe(true);
  });

  it('many distinct numbers still de-duplicate by value (past the linear-search size)', () => {
    const xs = Array.from({ length: 40 }, (_, i) => i - 20);
    expect(tokens([...xs, ...xs.map((x) => x * 1.0), -0, 0.5, 0.5], D)).toEqual([...xs, 0.5]);
  });

  it("'10' and 10 are distinct tokens", () => {
    expect(tokens(['10', 10], D)).toEqual(['10', 10]);
  });

  it('one null, booleans by value', () => {
    expect(tokens([null, true, null, false, true, [null]], D)).toEqual([null, true, false]);
  });

  it('a name and a value that tokenize alike merge', () => {
    expect(tokens({ type: 'type', Type: 'x' }, D)).toEqual(['type', 'Type', 'x']);
  });

  it('the same name repeated across objects of one document', () => {
    const doc = { schedule: [{ flight: 'Q5188', day: 0 }, { flight: 'Q5630', day: 1 }] };
    expect(tokens(doc, D)).toEqual(['schedule', 'flight', 'Q5188', 'day', 0, 'Q5630', 1]);
    // and again in a second call (the name cache must not leak between calls)
    expect(tokens(doc, D)).toEqual(['schedule', 'flight', 'Q5188', 'day', 0, 'Q5630', 1]);
    expect(tokens(doc, parseTokenOptions({ case: 'upper' }))).toEqual(['SCHEDULE', 'FLIGHT', 'Q5188', 'DAY', 0, 'Q5630', 1]);
  });

  it('the customer ccInfo example (json_functions_03)', () => {
    const ccInfo = { cardExpiry: '2013-09-12', cardNumber: '1211-1221-1234-2201', cardType: 'americanexpress' };
    expect(sorted(tokens(ccInfo, parseTokenOptions({ names: true, case: 'lower' })))).toEqual([
      '09',
      '12',
      '1211',
      '1221',
      '1234',
      '2013',
      '2201',
      'americanexpress',
      'cardexpiry',
      'cardnumber',
      'cardtype',
    ]);
  });

  it('the product imageURL example (gsi_array_index_tokens_3)', () => {
    const url = 'http://ecx.images-amazon.com/images/I/41GNfCvuX3L._SL300_.jpg';
    expect(sorted(tokens(url, parseTokenOptions({ names: false, case: 'upper' })))).toEqual([
      '41GNFCVUX3L',
      'AMAZON',
      'COM',
      'ECX',
      'HTTP',
      'I',
      'IMAGES',
      'JPG',
      'SL300',
    ]);
  });

  it('many distinct tokens (the string table grows)', () => {
    const words = Array.from({ length: 5000 }, (_, i) => `w${i}`);
    expect(tokens(words.join(' ') + ' ' + words.join(','), D)).toEqual(words);
  });

  it('is deterministic', () => {
    const v = { b: 'x y', a: [3, 'y', { c: 'x' }] };
    expect(tokens(v, D)).toEqual(tokens(v, D));
  });
});
