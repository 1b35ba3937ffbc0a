/**
 * Object functions, part 2: inner pairs and values, concatenation of object lists, removal by
 * path, and type maps. Reference: couchbase/query `expression/func_obj.go`; every rule below
 * was checked against the reference engine.
 *
 * Unless noted: 'strict' (MISSING argument → MISSING, else NULL → NULL) and NULL when the first
 * argument is not an object. Names come out in code point order.
 */
import { isObject, sortedNames, typeName, type ObjectValue, type Value } from '../../values/index.js';
import type { FunctionDef } from './function-def.js';
import { isString, strictFn } from './support.js';

function objFn(name: string, body: (o: ObjectValue) => Value, aliases?: string[]): FunctionDef {
  return strictFn(name, 1, 1, ([o]) => isObject(o), ([o]) => body(o as ObjectValue), aliases);
}

/** Own-property copy (keeps `__proto__` an ordinary name). */
function setField(o: ObjectValue, name: string, v: Value): void {
  Object.defineProperty(o, name, { value: v, writable: true, enumerable: true, configurable: true });
}

function copy(o: ObjectValue): ObjectValue {
  const out: ObjectValue = {};
  for (const k of Object.keys(o)) setField(out, k, o[k]);
  return out;
}

/**
 * A path of OBJECT_REMOVE_FIELDS split into steps: names separated by `.` (a name may be
 * backticked to hold dots) and `[n]` subscripts; `undefined` when it cannot be read.
 */
export function splitPath(path: string): (string | number)[] | undefined {
  const steps: (string | number)[] = [];
  let i = 0;
  while (i < path.length) {
    if (path[i] === '`') {
      const end = path.indexOf('`', i + 1);
      if (end < 0) return undefined;
      steps.push(path.slice(i + 1, end));
      i = end + 1;
    } else if (path[i] === '[') {
      const end = path.indexOf(']', i);
      const n = Number(path.slice(i + 1, end));
      if (end < 0 || !Number.isInteger(n)) return undefined;
      steps.push(n);
      i = end + 1;
    } else {
      let end = i;
      while (end < path.length && path[end] !== '.' && path[end] !== '[') end++;
      if (end === i) return undefined;
      steps.push(path.slice(i, end));
      i = end;
    }
    if (path[i] === '.') i++;
  }
  return steps;
}

/** `v` (copied along the way) without the value at `steps`. */
function without(v: Value, steps: (string | number)[]): Value {
  const [step, ...rest] = steps;
  if (typeof step === 'string' && isObject(v) && Object.hasOwn(v, step)) {
    const out = copy(v);
    if (rest.length === 0) delete out[step];
    else setField(out, step, without(v[step], rest));
    return out;
  }
  if (typeof step === 'number' && Array.isArray(v) && rest.length > 0) {
    const i = step < 0 ? v.length + step : step;
    if (i < 0 || i >= v.length) return v;
    const out = v.slice();
    out[i] = without(v[i], rest);
    return out;
  }
  return v;
}

/** OBJECT_TYPES_NESTED's map of a value: TYPE() names, with objects and arrays mapped inside. */
function typesOf(v: Value): Value {
  if (isObject(v)) {
    const out: ObjectValue = {};
    for (const n of sortedNames(v)) setField(out, n, typesOf(v[n]));
    return out;
  }
  return Array.isArray(v) ? v.map(typesOf) : typeName(v);
}

export const objectExtraFunctions: FunctionDef[] = [
  /**
   * OBJECT_INNER_PAIRS(o), alias OBJECT_INNERPAIRS: `[{name, val}]` of the fields of `o`;
   * for every input we asked the reference it answers as OBJECT_PAIRS(o).
   */
  objFn('OBJECT_INNER_PAIRS', (o) => sortedNames(o).map((n) => ({ name: n, val: o[n] })), ['OBJECT_INNERPAIRS']),
  /** OBJECT_INNER_VALUES(o), alias OBJECT_INNERVALUES: the field values in name order (as OBJECT_VALUES). */
  objFn('OBJECT_INNER_VALUES', (o) => sortedNames(o).map((n) => o[n]), ['OBJECT_INNERVALUES']),
  /** OBJECT_TYPES(o): `{name: TYPE(value)}` for each field. */
  objFn('OBJECT_TYPES', (o) => {
    const out: ObjectValue = {};
    for (const n of sortedNames(o)) setField(out, n, typeName(o[n]));
    return out;
  }),
  /** OBJECT_TYPES_NESTED(o): as OBJECT_TYPES, with objects and arrays mapped element by element. */
  objFn('OBJECT_TYPES_NESTED', (o) => typesOf(o)),
  /**
   * OBJECT_CONCAT2(o, x1, …): the fields of `o` and of each `x`, later ones winning; an `x` may
   * be an object or an array of objects; anything else gives NULL.
   */
  strictFn('OBJECT_CONCAT2', 2, Infinity, ([o]) => isObject(o), ([o, ...xs]) => {
    const out = copy(o as ObjectValue);
    for (const x of xs) {
      const objs = Array.isArray(x) ? x : [x];
      if (!objs.every(isObject)) return null;
      for (const y of objs as ObjectValue[]) for (const k of Object.keys(y)) setField(out, k, y[k]);
    }
    return out;
  }),
  /**
   * OBJECT_REMOVE_FIELDS(o, p1, …): `o` without the fields at the paths `p` (`"a"`, `"b.c"`,
   * `` "`a.b`" ``, `"a[0].b"`); each `p` is a path string or an array of them, else NULL. A path
   * that names nothing changes nothing.
   */
  strictFn('OBJECT_REMOVE_FIELDS', 2, Infinity, ([o]) => isObject(o), ([o, ...ps]) => {
    const paths: string[] = [];
    for (const p of ps) {
      const list = Array.isArray(p) ? p : [p];
      if (!list.every(isString)) return null;
      paths.push(...(list as string[]));
    }
    let out: Value = o;
    for (const p of paths) {
      const steps = splitPath(p);
      if (steps && steps.length > 0) out = without(out, steps);
    }
    return out;
  }),
];
