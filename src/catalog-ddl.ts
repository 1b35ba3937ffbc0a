/**
 * The DDL text EXTRACTDDL gives for sequences and user-defined functions (couchbase/query
 * `expression/func_extractddl.go`), from plain descriptions, so that the parts that own them
 * (sequences, UDFs) feed `EngineDeps.ddlSources` without knowing the format:
 *
 * - `CREATE SEQUENCE `default`:`b`.`s`.`name` START WITH 100 CACHE 10 NO CYCLE INCREMENT BY 5 MINVALUE -9223372036854775808;`
 *   (MAXVALUE only when it is not the largest 64-bit integer);
 * - `CREATE OR REPLACE FUNCTION `b`.`s`.`f`(`x`, `y`) LANGUAGE INLINE AS x * y;`, a global
 *   function without its scope path, `(...)` for a variadic one, `LANGUAGE JAVASCRIPT AS "code"`
 *   or `LANGUAGE JAVASCRIPT AS "object" AT "library"`.
 */

const q = (name: string) => '`' + name.replace(/`/g, '``') + '`';
const MAX_INT64 = 9223372036854775807n;

/** A sequence as EXTRACTDDL writes it (numbers as bigint: sequences are 64-bit). */
export interface SequenceDescription {
  bucket: string;
  scope: string;
  name: string;
  start: bigint;
  cache: bigint;
  cycle: boolean;
  increment: bigint;
  min: bigint;
  max: bigint;
}

/** `CREATE SEQUENCE …;` of a sequence. */
export function sequenceDdl(s: SequenceDescription): string {
  return (
    `CREATE SEQUENCE ${q('default')}:${q(s.bucket)}.${q(s.scope)}.${q(s.name)} START WITH ${s.start} CACHE ${s.cache} ` +
    `${s.cycle ? 'CYCLE' : 'NO CYCLE'} INCREMENT BY ${s.increment} MINVALUE ${s.min}${s.max !== MAX_INT64 ? ` MAXVALUE ${s.max}` : ''};`
  );
}

/** A user-defined function as EXTRACTDDL writes it. */
export interface FunctionDescription {
  /** The bucket and scope of a scoped function; none for a global one. */
  bucket?: string;
  scope?: string;
  name: string;
  /** Parameter names; undefined for a variadic function (`...`). */
  params?: string[];
  body: { language: 'inline'; text: string } | { language: 'javascript'; code: string } | { language: 'javascript'; object: string; library: string };
}

/** `CREATE OR REPLACE FUNCTION …;` of a function. */
export function functionDdl(f: FunctionDescription): string {
  const path = f.bucket !== undefined ? `${q(f.bucket)}.${q(f.scope ?? '_default')}.${q(f.name)}` : q(f.name);
  const params = f.params === undefined ? '...' : f.params.map(q).join(', ');
  const b = f.body;
  const body = b.language === 'inline' ? `LANGUAGE INLINE AS ${b.text}` : 'code' in b ? `LANGUAGE JAVASCRIPT AS "${b.code}"` : `LANGUAGE JAVASCRIPT AS "${b.object}" AT "${b.library}"`;
  return `CREATE OR REPLACE FUNCTION ${path}(${params}) ${body};`;
}

/**
 * The functions EXTRACTDDL lists for a bucket (`""`: the global ones first, by name, then every
 * scoped one, as the reference's `EXTRACTDDL('', {'flags': ['function']})`): a bucket's are its
 * scoped functions, by name.
 */
export function functionsDdl(all: readonly FunctionDescription[], bucket: string): string[] {
  const byName = (a: FunctionDescription, b: FunctionDescription) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  const scoped = all.filter((f) => f.bucket !== undefined && (bucket === '' || f.bucket === bucket)).sort(byName);
  const global = bucket === '' ? all.filter((f) => f.bucket === undefined).sort(byName) : [];
  return [...global, ...scoped].map(functionDdl);
}
