/**
 * Generators of TOKENS options objects and of index definitions for the index-vs-scan property
 * (spec §3, §10.1–§10.3): the full form `DISTINCT|ALL ARRAY <mapping> FOR v IN TOKENS(f, o) [WHEN …]
 * END`, the simple form `DISTINCT TOKENS(f, o)`, scalar keys, composite keys and partial indexes.
 */
import fc from 'fast-check';
import { FIELD_PATHS, KEYSPACE } from './index-vs-scan.docs.js';

/** An options object as written: ordered [key, value text] pairs (so key order and 1 vs 1.0 survive). */
export type Options = [key: string, value: string][];

const OPTION_VALUES: Record<string, string[]> = {
  case: ['"lower"', '"upper"', '"UPPER"', '"Lower"', '1'],
  split: ['true', 'false', '0'],
  trim: ['true', 'false'],
  specials: ['true', 'false', '"true"'],
  names: ['true', 'false'],
  bogus: ['1', '1.0'],
  Case: ['"lower"'],
};

/** Options: omitted (undefined), `{}`, or a random subset of keys with random values. */
export const options: fc.Arbitrary<Options | undefined> = fc.oneof(
  { weight: 3, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: fc.constant([] as Options) },
  {
    weight: 5,
    arbitrary: fc
      .subarray(Object.keys(OPTION_VALUES), { minLength: 1, maxLength: 3 })
      .chain((keys) => fc.tuple(...keys.map((k) => fc.constantFrom(...OPTION_VALUES[k]).map((v): [string, string] => [k, v])))),
  },
);

/** `, {…}` or nothing. */
export function printOptions(o: Options | undefined): string {
  return o === undefined ? '' : `, {${o.map(([k, v]) => `${JSON.stringify(k)}: ${v}`).join(', ')}}`;
}

/** An equivalent options object (spec §10.2): keys in another order, 1 ↔ 1.0. */
export const equivalentOptions = (o: Options | undefined): fc.Arbitrary<Options | undefined> =>
  o === undefined
    ? fc.constant(undefined)
    : fc.shuffledSubarray(o, { minLength: o.length, maxLength: o.length }).map((pairs) =>
        pairs.map(([k, v]): [string, string] => [k, v === '1' ? '1.0' : v === '1.0' ? '1' : v]),
      );

/** A generated index: its CREATE INDEX statement, plus what predicates need to target it. */
export interface IndexDef {
  statement: string;
  /** The field a token or scalar key is over. */
  field: string;
  /** The TOKENS options of a token key (undefined: omitted, or a scalar index). */
  options?: Options;
  tokens: boolean;
}

const field = fc.constantFrom(...FIELD_PATHS);
const variable = fc.constantFrom('v', 'w', 'r');
const partial = fc.oneof(
  { weight: 4, arbitrary: fc.constant('') },
  { weight: 1, arbitrary: fc.constantFrom(' WHERE n > 0', ' WHERE n IS NOT NULL', ' WHERE name IS VALUED', ' WHERE n >= 1') },
);

const tokenKey = fc
  .record({
    field,
    options,
    v: variable,
    form: fc.constantFrom('DISTINCT', 'DISTINCT', 'ALL', 'simple', 'lower', 'lower(to_string)', 'when'),
  })
  .map(({ field: f, options: o, v, form }) => {
    const toks = `TOKENS(${f}${printOptions(o)})`;
    const key =
      form === 'simple'
        ? `DISTINCT ${toks}`
        : form === 'lower'
          ? `DISTINCT ARRAY LOWER(${v}) FOR ${v} IN ${toks} END`
          : form === 'lower(to_string)'
            ? `DISTINCT ARRAY lower(to_string(${v})) FOR ${v} IN ${toks} END`
            : form === 'when'
              ? `DISTINCT ARRAY ${v} FOR ${v} IN ${toks} WHEN ${v} > "A" END`
              : `${form} ARRAY ${v} FOR ${v} IN ${toks} END`;
    return { key, field: f, options: o };
  });

/** One index definition (without its name). */
const indexBody = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.tuple(tokenKey, fc.option(field, { nil: undefined, freq: 3 }), partial).map(([k, second, where]) => ({
      keys: second ? `${k.key}, ${second}` : k.key,
      where,
      field: k.field,
      options: k.options,
      tokens: true,
    })),
  },
  {
    weight: 2,
    arbitrary: fc.tuple(field, fc.option(field, { nil: undefined, freq: 2 }), partial).map(([f, second, where]) => ({
      keys: second && second !== f ? `${f}, ${second}` : f,
      where,
      field: f,
      options: undefined,
      tokens: false,
    })),
  },
);

/** 1–4 indexes named ix0, ix1, … */
export const indexDefs: fc.Arbitrary<IndexDef[]> = fc.array(indexBody, { minLength: 1, maxLength: 4 }).map((bodies) =>
  bodies.map((b, i) => ({
    statement: `CREATE INDEX ix${i} ON ${KEYSPACE}(${b.keys})${b.where}`,
    field: b.field,
    options: b.options,
    tokens: b.tokens,
  })),
);
