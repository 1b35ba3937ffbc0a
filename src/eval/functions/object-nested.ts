/**
 * Object functions over nested paths: OBJECT_PATHS, OBJECT_PAIRS_NESTED, OBJECT_FILTER and
 * OBJECT_EXTRACT. Reference: couchbase/query `expression/func_obj.go`; every rule below was
 * checked against the reference engine.
 *
 * A path names a field by its dotted path from the top (`b.c`), array elements by subscript
 * (`b.c[1].d`, or `b.c[*].d` with `{"arraysubscript": false}`); a name holding white space, `.`,
 * `` ` ``, `[` or `]` is backticked (a backtick in it written `\u0060`). Names are visited in
 * code point order. The options object may hold a name filter (name-pattern.ts), matched
 * against the whole path.
 *
 * OBJECT_PATHS, OBJECT_PAIRS_NESTED and OBJECT_FILTER also take an array (paths `[0].a` …).
 * MISSING/NULL: MISSING first argument → MISSING; another non-object (NULL too) → NULL; then
 * MISSING options → MISSING, non-object options → NULL; a `pattern` that is not a string → NULL.
 */
import { isObject, sortedNames, typeName, type ObjectValue, type Value } from '../../values/index.js';
import type { FunctionDef } from './function-def.js';
import { boolOption, nameMatcher, type NameMatcher } from './name-pattern.js';

/** A path step for field `name` below `base`. */
export function pathStep(base: string, name: string): string {
  const quoted = /[\s.`[\]]/.test(name) ? '`' + name.replaceAll('`', '\\u0060') + '`' : name;
  return base === '' ? quoted : `${base}.${quoted}`;
}

/** One visited value: its path, value, and whether it is an element of an array. */
interface Visit {
  path: string;
  value: Value;
  element: boolean;
}

/** Every value below `o` (an object, or an array: paths `[0]…`) depth first, a container before its contents. */
function walk(o: ObjectValue | Value[], subscripts: boolean, visit: (v: Visit) => void, base = ''): void {
  const elements = (a: Value[], path: string) => a.forEach((e, i) => inner(e, path + (subscripts ? `[${i}]` : '[*]'), true));
  const inner = (value: Value, path: string, element: boolean): void => {
    visit({ path, value, element });
    if (isObject(value)) walk(value, subscripts, visit, path);
    else if (Array.isArray(value)) elements(value, path);
  };
  if (Array.isArray(o)) elements(o, base);
  else for (const name of sortedNames(o)) inner(o[name], pathStep(base, name), false);
}

const isContainer = (v: Value): boolean => isObject(v) || Array.isArray(v);

/**
 * The common argument rules; returns the object (or array, when `arrays`) and options, or the
 * MISSING/NULL result.
 */
function objectAndOptions(args: Value[], arrays: boolean): { o: ObjectValue | Value[]; options: Value; match: NameMatcher } | { result: Value } {
  const [o, ...rest] = args;
  const options = rest.length > 0 ? rest[0] : {};
  if (o === undefined) return { result: undefined };
  if (!isObject(o) && !(arrays && Array.isArray(o))) return { result: null };
  if (options === undefined) return { result: undefined };
  if (!isObject(options)) return { result: null };
  const match = nameMatcher(options);
  if (match === null) return { result: null };
  return { o, options, match };
}

function nestedFn(name: string, body: (o: ObjectValue | Value[], options: Value, match: NameMatcher) => Value, arrays = true): FunctionDef {
  return {
    name,
    minArgs: 1,
    maxArgs: 2,
    nulls: 'custom',
    fn: (args) => {
      const a = objectAndOptions(args, arrays);
      return 'result' in a ? a.result : body(a.o, a.options, a.match);
    },
  };
}

/**
 * OBJECT_FILTER's copy of `v` (at `path`) holding only what matches: a matching path keeps its
 * whole value; else an object or array keeps its matching parts, and is dropped (`undefined`)
 * when none are left.
 */
function filtered(v: Value, path: string, match: (p: string) => boolean, subscripts: boolean, element = false): Value {
  // An array element that is an array is never kept whole by its path, only by its contents.
  if (!(element && Array.isArray(v)) && match(path)) return v;
  if (isObject(v)) {
    const out: ObjectValue = {};
    for (const n of sortedNames(v)) {
      const x = filtered(v[n], pathStep(path, n), match, subscripts);
      if (x !== undefined) out[n] = x;
    }
    return Object.keys(out).length > 0 ? out : undefined;
  }
  if (Array.isArray(v)) {
    // Elements that are not containers are kept only with their whole array.
    const out: Value[] = [];
    v.forEach((e, i) => {
      const x = isContainer(e) ? filtered(e, path + (subscripts ? `[${i}]` : '[*]'), match, subscripts, true) : undefined;
      if (x !== undefined) out.push(x);
    });
    return out.length > 0 ? out : undefined;
  }
  return undefined;
}

export const objectNestedFunctions: FunctionDef[] = [
  /**
   * OBJECT_PATHS(o [, options]): the distinct paths of `o`, containers included unless
   * `{"composites": false}`. With composites, array elements get no path of their own (their
   * contents do); without, only the paths of non-container values are listed.
   */
  nestedFn('OBJECT_PATHS', (o, options, match) => {
    const composites = boolOption(options, 'composites') !== false;
    const subscripts = boolOption(options, 'arraysubscript') !== false;
    const out = new Set<string>();
    walk(o, subscripts, ({ path, value, element }) => {
      const listed = composites ? !element : !isContainer(value);
      if (listed && (match === undefined || match(path))) out.add(path);
    });
    return [...out];
  }),
  /**
   * OBJECT_PAIRS_NESTED(o [, options]): `[{name: path, val}]` for every non-container value
   * (every value, array elements included, with `{"composites": true}`); `{"types": true}` puts
   * the TYPE() name in `type` instead of `val`. Elements always get subscripts (the reference
   * ignores `arraysubscript` here).
   */
  nestedFn('OBJECT_PAIRS_NESTED', (o, options, match) => {
    const composites = boolOption(options, 'composites') === true;
    const types = boolOption(options, 'types') === true;
    const out: Value[] = [];
    walk(o, true, ({ path, value }) => {
      if ((composites || !isContainer(value)) && (match === undefined || match(path))) {
        out.push(types ? { name: path, type: typeName(value) } : { name: path, val: value });
      }
    });
    return out;
  }),
  /**
   * OBJECT_FILTER(o [, options]): a copy of `o` with only the parts whose path matches the
   * pattern (every path without one): a matching field or object element is kept whole; objects
   * and arrays left empty are dropped, and so are array elements that are not objects unless
   * their array matches as a whole; NULL when nothing is left (`OBJECT_FILTER({})` is NULL).
   */
  nestedFn('OBJECT_FILTER', (o, options, pattern) => {
    const match = pattern ?? (() => true);
    const subscripts = boolOption(options, 'arraysubscript') !== false;
    if (Array.isArray(o)) {
      const kept = o.map((e, i) => (isContainer(e) ? filtered(e, subscripts ? `[${i}]` : '[*]', match, subscripts, true) : undefined)).filter((x) => x !== undefined);
      return kept.length > 0 ? kept : null;
    }
    const out: ObjectValue = {};
    for (const n of sortedNames(o)) {
      const x = filtered(o[n], pathStep('', n), match, subscripts);
      if (x !== undefined) out[n] = x;
    }
    return Object.keys(out).length > 0 ? out : null;
  }),
  /**
   * OBJECT_EXTRACT(o [, options]): `[{name, val}]` for the top-level fields of `o` whose name
   * matches the pattern (all without one). The reference lists them in its hash map's order,
   * which varies; we sort them by name (docs/functions.md).
   */
  nestedFn(
    'OBJECT_EXTRACT',
    (o, _options, match) =>
      sortedNames(o as ObjectValue)
        .filter((n) => match === undefined || match(n))
        .map((n) => ({ name: n, val: (o as ObjectValue)[n] })),
    false,
  ),
];
