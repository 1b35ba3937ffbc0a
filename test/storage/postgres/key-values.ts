/**
 * fast-check arbitraries of N1QL values for the index key encoding's tests: every kind, with the
 * cases where an order-preserving encoding goes wrong weighted up (MISSING, -0, NaN, ±Infinity,
 * bigints next to 2^53 and 2^63, strings with U+0000, U+FFFF, U+E000, astral characters and lone
 * surrogates, nested arrays and objects).
 */
import fc from 'fast-check';
import type { ObjectValue, Value } from '../../../src/values/index.js';

/** A number as the engine holds it: a bigint only when no double holds it exactly (src/values/int64.ts). */
function engineNumber(b: bigint): number | bigint {
  return BigInt(Number(b)) === b ? Number(b) : b;
}

const TWO_53 = 2n ** 53n;
const TWO_63 = 2n ** 63n;

/** Doubles and int64s, by value across their whole ranges and next to the places where they meet. */
export const numberValue: fc.Arbitrary<number | bigint> = fc.oneof(
  fc.constantFrom(0, -0, 1, -1, 0.5, NaN, Infinity, -Infinity, Number.MAX_VALUE, -Number.MAX_VALUE, Number.MIN_VALUE, -Number.MIN_VALUE, 2 ** 53, -(2 ** 53), 2 ** 63, -(2 ** 63), 1e19),
  fc.double(),
  fc.integer({ min: -1000, max: 1000 }),
  fc.bigInt({ min: -TWO_63 + 1n, max: TWO_63 - 1n }).map(engineNumber),
  fc.tuple(fc.constantFrom(TWO_53, -TWO_53, 2n ** 62n, -(2n ** 62n), TWO_63 - 2048n, -TWO_63 + 2048n), fc.integer({ min: -2048, max: 2048 })).map(([b, d]) => engineNumber(b + BigInt(d))),
);

/** UTF-16 code units, weighted to the ones that order differently by code unit and by code point. */
const codeUnit = fc.oneof(
  fc.constantFrom(0, 1, 0x7f, 0x80, 0xff, 0x7ff, 0x800, 0xd7ff, 0xd800, 0xdbff, 0xdc00, 0xdfff, 0xe000, 0xfffd, 0xffff, 0x61, 0x62),
  fc.integer({ min: 0, max: 0xffff }),
);

/** Strings of any code units (lone surrogates included), and well-formed ones with astral characters. */
export const stringValue: fc.Arbitrary<string> = fc.oneof(
  fc.array(codeUnit, { maxLength: 6 }).map((u) => String.fromCharCode(...u)),
  fc.string({ unit: 'binary', maxLength: 6 }),
  fc.constantFrom('', 'a', 'ab', 'a\u0000', 'a\u0000b', '\uffff', '\u{10000}', '\u{1F600}', '\u{10FFFF}', '\ue000', '\ud800', '\udc00'),
);

/** Any N1QL value other than MISSING (what arrays and objects hold). */
export const valuedValue: fc.Arbitrary<Value> = fc.letrec<{ v: Value }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom<Value>(null, true, false),
    numberValue,
    stringValue,
    fc.array(tie('v'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom('a', 'b', 'aa', '', '\u{1F600}', '\uffff', 'a\u0000'), tie('v'), { maxKeys: 3 }).map((o) => o as ObjectValue),
  ),
})).v;

/** Any N1QL value, MISSING included (an index key can be MISSING). */
export const anyValue: fc.Arbitrary<Value> = fc.oneof({ weight: 1, arbitrary: fc.constant(undefined) }, { weight: 9, arbitrary: valuedValue });

/**
 * Values of a small domain, so that random index entries share keys and random span bounds hit
 * them: MISSING, NULL, booleans, a few numbers (-0 and 0, a bigint), strings, arrays, objects.
 */
export const smallValue: fc.Arbitrary<Value> = fc.constantFrom<Value>(
  undefined,
  null,
  false,
  true,
  -1,
  -0,
  0,
  0.5,
  1,
  2,
  2n ** 60n + 1n,
  NaN,
  '',
  'a',
  'a\u0000',
  'ab',
  'b',
  '\uffff',
  '\u{1F600}',
  [],
  [1],
  [1, 'a'],
  ['a'],
  {},
  { a: 1 },
  { b: 0 },
  { a: 1, b: 2 },
);
