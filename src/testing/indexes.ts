/**
 * Index definitions (spec §10.1–§10.3): the full form `DISTINCT|ALL ARRAY <mapping> FOR v IN
 * TOKENS(f, o) [WHEN …] END`, the simple form `DISTINCT TOKENS(f, o)`, scalar keys, composite
 * keys and partial indexes.
 *
 *   indexDefs()  → [{ statement: 'CREATE INDEX ix0 ON ks(DISTINCT ARRAY v FOR v IN TOKENS(name, {"case": "lower"}) END)',
 *                     field: 'name', options: [['case', '"lower"']], tokens: true }, …]
 *   tokenIndexFor('name', [['case', '"lower"']], { match: false }) → an index on TOKENS(name, <non-equivalent options>)
 */
import fc from 'fast-check';
import { FIELD_PATHS, KEYSPACE } from './documents.js';
import { differentOptions, equivalentOptions, options as anyOptions, printOptions, type Options } from './options.js';

/** A generated index: its CREATE INDEX statement, plus what predicates need to target it. */
export interface IndexDef {
  statement: string;
  /** The field a token or scalar key is over. */
  field: string;
  /** The TOKENS options of a token key (undefined: omitted, or a scalar index). */
  options?: Options;
  tokens: boolean;
}

/** Where indexes go: keyspace, fields, options generator. */
export interface IndexShape {
  keyspace?: string;
  fields?: readonly string[];
  options?: fc.Arbitrary<Options | undefined>;
  /** Index name prefix (default "ix"). */
  prefix?: string;
}

/** The key forms over `TOKENS(...)` (`lower` forms are never used by the CONTAINS_TOKEN rewrite). */
export type TokenKeyForm = 'DISTINCT' | 'ALL' | 'simple' | 'lower' | 'lower(to_string)' | 'when';

/** The index key over `toks` (a TOKENS call text) in one of the forms, with variable `v`. */
export function tokenKey(toks: string, form: TokenKeyForm, v = 'v'): string {
  switch (form) {
    case 'simple':
      return `DISTINCT ${toks}`;
    case 'lower':
      return `DISTINCT ARRAY LOWER(${v}) FOR ${v} IN ${toks} END`;
    case 'lower(to_string)':
      return `DISTINCT ARRAY lower(to_string(${v})) FOR ${v} IN ${toks} END`;
    case 'when':
      return `DISTINCT ARRAY ${v} FOR ${v} IN ${toks} WHEN ${v} > "A" END`;
    default:
      return `${form} ARRAY ${v} FOR ${v} IN ${toks} END`;
  }
}

const partial = fc.oneof(
  { weight: 4, arbitrary: fc.constant('') },
  { weight: 1, arbitrary: fc.constantFrom(' WHERE n > 0', ' WHERE n IS NOT NULL', ' WHERE name IS VALUED', ' WHERE n >= 1') },
);

/** 1–4 indexes named ix0, ix1, … over the fields (default: the default documents' paths). */
export function indexDefs(shape: IndexShape = {}): fc.Arbitrary<IndexDef[]> {
  const field = fc.constantFrom(...(shape.fields ?? FIELD_PATHS));
  const tk = fc
    .record({
      field,
      options: shape.options ?? anyOptions,
      v: fc.constantFrom('v', 'w', 'r'),
      form: fc.constantFrom<TokenKeyForm>('DISTINCT', 'DISTINCT', 'ALL', 'simple', 'lower', 'lower(to_string)', 'when'),
    })
    .map(({ field: f, options: o, v, form }) => ({ key: tokenKey(`TOKENS(${f}${printOptions(o)})`, form, v), field: f, options: o }));
  // Partial-index conditions refer to the default documents' fields only.
  const where = shape.fields ? fc.constant('') : partial;
  const body = fc.oneof(
    {
      weight: 5,
      arbitrary: fc.tuple(tk, fc.option(field, { nil: undefined, freq: 3 }), where).map(([k, second, w]) => ({
        keys: second ? `${k.key}, ${second}` : k.key,
        where: w,
        field: k.field,
        options: k.options,
        tokens: true,
      })),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(field, fc.option(field, { nil: undefined, freq: 2 }), where).map(([f, second, w]) => ({
        keys: second && second !== f ? `${f}, ${second}` : f,
        where: w,
        field: f,
        options: undefined,
        tokens: false,
      })),
    },
  );
  return fc.array(body, { minLength: 1, maxLength: 4 }).map((bodies) =>
    bodies.map((b, i) => ({
      statement: `CREATE INDEX ${shape.prefix ?? 'ix'}${i} ON ${shape.keyspace ?? KEYSPACE}(${b.keys})${b.where}`,
      field: b.field,
      options: b.options,
      tokens: b.tokens,
    })),
  );
}

/** The default index generator. */
export const defaultIndexDefs: fc.Arbitrary<IndexDef[]> = indexDefs();

/**
 * A token index on `field` whose options are equivalent to `o` (`match: true`: reordered keys,
 * 1 ↔ 1.0) or deliberately not (`match: false`, see {@link differentOptions}).
 */
export function tokenIndexFor(
  field: string,
  o: Options | undefined,
  { match, keyspace = KEYSPACE, name = 'ix0' }: { match: boolean; keyspace?: string; name?: string },
): fc.Arbitrary<IndexDef> {
  const opts = match ? equivalentOptions(o) : differentOptions(o);
  return fc.tuple(opts, fc.constantFrom<TokenKeyForm>('DISTINCT', 'ALL', 'simple')).map(([io, form]) => ({
    statement: `CREATE INDEX ${name} ON ${keyspace}(${tokenKey(`TOKENS(${field}${printOptions(io)})`, form)})`,
    field,
    options: io,
    tokens: true,
  }));
}
