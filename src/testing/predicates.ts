/**
 * WHERE predicates and SELECT statements as N1QL text: ANY over TOKENS (IN and WITHIN, several
 * SATISFIES shapes), CONTAINS_TOKEN / HAS_TOKEN / _LIKE / _REGEXP, comparisons with scalars
 * and with arrays and objects (NULL elements included), IN lists, ranges, LIKE, the IS tests
 * (alone and two on one key), NOT, AND and OR. Options are often an equivalent of an index's
 * options (spec §10.2) and constants come from the documents' own tokens (a {@link Pool}).
 *
 *   predicates(pool, indexes).where → 'ANY v IN TOKENS(name, {"case": "lower"}) SATISFIES v = "hello" END'
 *   predicates(pool, indexes).query → { statement: 'SELECT META().id AS id, name FROM ks WHERE …', ordered: false }
 */
import fc from 'fast-check';
import { FIELD_PATHS, KEYSPACE, literal } from './documents.js';
import type { IndexDef } from './indexes.js';
import { equivalentOptions, options as anyOptions, printOptions, type Options } from './options.js';
import type { Pool } from './pool.js';
import { likeEscape, regexpEscape } from './patterns.js';

/** A query and whether its rows come in a defined order. */
export interface Query {
  statement: string;
  ordered: boolean;
}

/** Where predicates go: keyspace, fields, options generator for fields no index covers. */
export interface PredicateShape {
  keyspace?: string;
  fields?: readonly string[];
  options?: fc.Arbitrary<Options | undefined>;
}

/** `a_cd` from `abcd`: the second character becomes `_`, the rest is escaped. */
const withUnderscore = (cs: string[]): string => (cs.length < 2 ? likeEscape(cs.join('')) : `${likeEscape(cs[0])}_${likeEscape(cs.slice(2).join(''))}`);
const firstChars = (s: string, n: number): string => Array.from(s).slice(0, n).join('');

/** Predicate and query generators over a pool of constants and a set of indexes. */
export function predicates(pool: Pool, indexes: readonly IndexDef[], shape: PredicateShape = {}) {
  const keyspace = shape.keyspace ?? KEYSPACE;
  const allFields = shape.fields ?? FIELD_PATHS;
  const str = fc.constantFrom(...pool.tokens);
  const scalar = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...pool.scalars) }, { weight: 1, arbitrary: str });
  const composites = pool.composites ?? [];
  const withNullElement = composites.filter((c) => c !== null && typeof c === 'object' && Object.values(c).includes(null));
  // Mostly scalars; sometimes an array or object, often one with a NULL element, whose
  // comparisons are NULL where collation still orders it (`tags > [null]`).
  const composite = withNullElement.length ? fc.oneof(fc.constantFrom(...withNullElement), fc.constantFrom(...composites)) : fc.constantFrom(...composites);
  const constant = composites.length ? fc.oneof({ weight: 4, arbitrary: scalar.map(literal) }, { weight: 1, arbitrary: composite.map(literal) }) : scalar.map(literal);
  /** A range bound: as often an array or object as a scalar. */
  const bound = composites.length ? fc.oneof(scalar.map(literal), composite.map(literal)) : constant;
  const tokenConst = fc.oneof({ weight: 6, arbitrary: str.map(literal) }, { weight: 1, arbitrary: fc.constantFrom('1', '1.0', 'true', 'null', '408', '""', '" "') });
  const likePattern = fc.oneof(
    { weight: 4, arbitrary: fc.tuple(str, fc.integer({ min: 1, max: 3 })).map(([s, n]) => `${likeEscape(firstChars(s, n))}%`) },
    { weight: 1, arbitrary: str.map((s) => `%${likeEscape(firstChars(s, 2))}`) },
    { weight: 1, arbitrary: str.map((s) => withUnderscore(Array.from(s))) },
  );
  const regexp = fc.oneof(
    str.map((s) => `${regexpEscape(firstChars(s, 1))}.*`),
    str.map((s) => `(?i)${regexpEscape(s)}`),
    fc.constantFrom('a.*', '[0-9]+', '.*(com|org)'),
  );
  const tokenIndexes = indexes.filter((i) => i.tokens);
  const indexed = [...new Set(indexes.map((i) => i.field)), ...(indexes.length ? [] : allFields)];
  const field = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...indexed) }, { weight: 1, arbitrary: fc.constantFrom(...allFields) });

  /** A token field with options: mostly an index's field with equivalent options, else random. */
  const tokenTarget: fc.Arbitrary<{ f: string; o: string }> = fc.oneof(
    ...(tokenIndexes.length
      ? [{ weight: 3, arbitrary: fc.constantFrom(...tokenIndexes).chain((ix) => equivalentOptions(ix.options).map((o) => ({ f: ix.field, o: printOptions(o) }))) }]
      : []),
    { weight: 2, arbitrary: fc.tuple(field, shape.options ?? anyOptions).map(([f, o]) => ({ f, o: printOptions(o) })) },
  );

  const satisfies = (v: string): fc.Arbitrary<string> =>
    fc.oneof(
      { weight: 4, arbitrary: tokenConst.map((c) => `${v} = ${c}`) },
      { weight: 1, arbitrary: str.map((c) => `LOWER(${v}) = ${literal(c.toLowerCase())}`) },
      { weight: 1, arbitrary: str.map((c) => `lower(to_string(${v})) = ${literal(c.toLowerCase())}`) },
      { weight: 1, arbitrary: fc.tuple(tokenConst, tokenConst).map(([a, b]) => `${v} IN [${a}, ${b}]`) },
      { weight: 1, arbitrary: likePattern.map((p) => `${v} LIKE ${literal(p)}`) },
      { weight: 1, arbitrary: fc.tuple(str, str).map(([a, b]) => `${v} >= ${literal(a)} AND ${v} < ${literal(b)}`) },
      // Not sargable, and true for NULL tokens: the full-range scan must keep them (`1 = 1` rejects no NULL).
      { weight: 1, arbitrary: tokenConst.map((c) => `(${v} IS NULL OR ${v} = ${c}) AND 1 = 1`) },
    );

  const anyTokens = fc
    .record({
      t: tokenTarget,
      v: fc.constantFrom('v', 'w', 'r'),
      within: fc.boolean().chain((b) => (b ? fc.boolean() : fc.constant(false))),
      every: fc.constantFrom('ANY', 'ANY', 'ANY', 'ANY', 'SOME', 'EVERY', 'ANY AND EVERY'),
    })
    .chain(({ t, v, within, every }) => satisfies(v).map((s) => `${every} ${v} ${within ? 'WITHIN' : 'IN'} TOKENS(${t.f}${t.o}) SATISFIES ${s} END`));

  const tokenFunction = fc.oneof(
    fc.tuple(tokenTarget, tokenConst, fc.constantFrom('CONTAINS_TOKEN', 'HAS_TOKEN')).map(([t, c, fn]) => `${fn}(${t.f}, ${c}${t.o})`),
    fc.tuple(tokenTarget, likePattern).map(([t, p]) => `CONTAINS_TOKEN_LIKE(${t.f}, ${literal(p)}${t.o})`),
    fc.tuple(tokenTarget, regexp, fc.constantFrom('CONTAINS_TOKEN_REGEXP', 'CONTAINS_TOKEN_REGEX')).map(([t, r, fn]) => `${fn}(${t.f}, ${literal(r)}${t.o})`),
  );

  // Ranges with an array or object bound matter on fields that hold arrays or objects, above
  // all indexed ones: prefer those fields for them.
  const compositeFields = (pool.compositeFields ?? []).filter((f) => allFields.includes(f));
  const scalarIndexed = indexes.filter((i) => !i.tokens).map((i) => i.field);
  const indexedComposite = compositeFields.filter((f) => scalarIndexed.includes(f));
  const rangeFieldChoices = indexedComposite.length ? indexedComposite : compositeFields;
  const rangeField = rangeFieldChoices.length ? fc.oneof(field, fc.constantFrom(...rangeFieldChoices)) : field;

  const scalarPredicate = fc.oneof(
    fc.tuple(field, constant).map(([f, c]) => `${f} = ${c}`),
    fc.tuple(field, fc.array(constant, { minLength: 1, maxLength: 3 })).map(([f, cs]) => `${f} IN [${cs.join(', ')}]`),
    fc.tuple(rangeField, fc.constantFrom('<', '<=', '>', '>='), bound).map(([f, op, c]) => `${f} ${op} ${c}`),
    fc.tuple(rangeField, bound, bound).map(([f, a, b]) => `${f} BETWEEN ${a} AND ${b}`),
    fc.tuple(field, likePattern).map(([f, p]) => `${f} LIKE ${literal(p)}`),
    field.map((f) => `${f} IS NOT NULL`),
    field.map((f) => `${f} IS VALUED`),
    fc.tuple(field, fc.constantFrom('NULL', 'NOT NULL', 'MISSING', 'NOT MISSING', 'VALUED', 'NOT VALUED')).map(([f, t]) => `${f} IS ${t}`),
    // Two tests on one key, merged into one span: the tighter bound must win.
    fc.tuple(field, fc.constantFrom('NOT MISSING', 'NULL'), fc.constantFrom('NOT NULL', 'VALUED')).map(([f, a, b]) => `${f} IS ${a} AND ${f} IS ${b}`),
    fc.tuple(field, constant, fc.constantFrom('>= %c AND %f > %c', '<= %c AND %f < %c')).map(([f, c, t]) => `${f} ${t.replaceAll('%c', c).replaceAll('%f', f)}`),
  );

  /** Only token predicates (ANY over TOKENS, the CONTAINS_TOKEN family). */
  const tokenPredicate = fc.oneof({ weight: 4, arbitrary: anyTokens }, { weight: 3, arbitrary: tokenFunction });
  const atom = fc.oneof({ weight: 7, arbitrary: tokenPredicate }, { weight: 3, arbitrary: scalarPredicate });

  const { where } = fc.letrec<{ where: string }>((tie) => ({
    where: fc.oneof(
      { depthSize: 'small', maxDepth: 2 },
      { weight: 6, arbitrary: atom },
      { weight: 2, arbitrary: fc.tuple(tie('where'), tie('where')).map(([a, b]) => `(${a} AND ${b})`) },
      { weight: 1, arbitrary: fc.tuple(tie('where'), tie('where')).map(([a, b]) => `(${a} OR ${b})`) },
      { weight: 1, arbitrary: tie('where').map((a) => `NOT (${a})`) },
    ),
  }));

  const query: fc.Arbitrary<Query> = fc.tuple(where, fc.constantFrom(...indexed, ...allFields), fc.integer({ min: 0, max: 6 })).map(([w, f, shapeNo]) => {
    const from = `FROM ${keyspace} WHERE ${w}`;
    switch (shapeNo) {
      case 0:
        return { statement: `SELECT META().id AS id, ${f} ${from}`, ordered: false };
      case 1:
        return { statement: `SELECT RAW ${f} ${from} ORDER BY ${f} LIMIT 3`, ordered: true };
      case 2:
        return { statement: `SELECT COUNT(*) AS c ${from}`, ordered: false };
      case 3:
        return { statement: `SELECT ${f}, META().id AS id ${from} ORDER BY ${f} DESC, META().id LIMIT 4 OFFSET 1`, ordered: true };
      default:
        return { statement: `SELECT META().id AS id, * ${from}`, ordered: false };
    }
  });

  return { where, tokenPredicate, query };
}
