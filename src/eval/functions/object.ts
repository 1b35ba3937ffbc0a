/**
 * Object functions. Reference: couchbase/query `expression/func_obj.go`; docs `objectfun.adoc`.
 * Reading functions are 'strict' and give NULL for a non-object. Names come out sorted by
 * code point (Go string order). OBJECT_ADD and OBJECT_PUT are 'custom': the value may be NULL
 * (stored) or MISSING (OBJECT_ADD: no change; OBJECT_PUT: the field is removed).
 */
import { equals, isObject, sortedNames, typeName, type ObjectValue, type Value } from '../../values/index.js';
import type { FunctionDef } from './function-def.js';
import { isString } from './support.js';

/** Own-property object with the fields of `o` (keeps `__proto__` an ordinary name). */
function copy(o: ObjectValue): ObjectValue {
  const out: ObjectValue = {};
  for (const k of Object.keys(o)) setField(out, k, o[k]);
  return out;
}

function setField(o: ObjectValue, name: string, v: Value): void {
  Object.defineProperty(o, name, { value: v, writable: true, enumerable: true, configurable: true });
}

function objFn(name: string, body: (o: ObjectValue) => Value, aliases?: string[]): FunctionDef {
  return { name, aliases, minArgs: 1, maxArgs: 1, nulls: 'strict', fn: ([o]) => (isObject(o) ? body(o) : null) };
}

/**
 * OBJECT_ADD / OBJECT_PUT: MISSING object or name → MISSING; a non-object or non-string name
 * → NULL (a NULL object or name included).
 */
function setter(name: string, body: (o: ObjectValue, field: string, v: Value) => Value): FunctionDef {
  return {
    name,
    minArgs: 3,
    maxArgs: 3,
    nulls: 'custom',
    fn: ([o, field, v]) => {
      if (o === undefined || field === undefined) return undefined;
      return isObject(o) && isString(field) ? body(o, field, v) : null;
    },
  };
}

export const objectFunctions: FunctionDef[] = [
  /** OBJECT_LENGTH(o): number of fields. */
  objFn('OBJECT_LENGTH', (o) => Object.keys(o).length),
  /** OBJECT_NAMES(o): field names, sorted. */
  objFn('OBJECT_NAMES', (o) => sortedNames(o)),
  /** OBJECT_VALUES(o): field values, in the order of the sorted names. */
  objFn('OBJECT_VALUES', (o) => sortedNames(o).map((n) => o[n]), ['OBJECT_OUTER_VALUES', 'OBJECT_OUTERVALUES']),
  {
    /**
     * OBJECT_PAIRS(o [, options]): `[{name, val}]` sorted by name; with `{"types": true}`,
     * `[{name, type}]` (the TYPE() name of each value). MISSING `o` → MISSING, a non-object `o`
     * → NULL; then a MISSING options argument → MISSING, a non-object one → NULL; a `types`
     * that is not a boolean counts as false. Source: couchbase/query `expression/func_obj.go`
     * `ObjectPairs.Evaluate`.
     */
    name: 'OBJECT_PAIRS',
    aliases: ['OBJECT_OUTER_PAIRS', 'OBJECT_OUTERPAIRS'],
    minArgs: 1,
    maxArgs: 2,
    nulls: 'custom',
    fn: ([o, ...options]) => {
      if (o === undefined) return undefined;
      if (!isObject(o)) return null;
      let types = false;
      if (options.length > 0) {
        const opts = options[0];
        if (opts === undefined) return undefined;
        if (!isObject(opts)) return null;
        types = Object.hasOwn(opts, 'types') && opts.types === true;
      }
      return sortedNames(o).map((n) => (types ? { name: n, type: typeName(o[n]) } : { name: n, val: o[n] }));
    },
  },
  /** OBJECT_UNWRAP(o): the value of a one-field object; NULL for any other object. */
  objFn('OBJECT_UNWRAP', (o) => {
    const names = Object.keys(o);
    return names.length === 1 ? o[names[0]] : null;
  }),
  /** OBJECT_ADD(o, name, v): adds the field if absent; an existing field is not overwritten. */
  setter('OBJECT_ADD', (o, name, v) => {
    if (Object.prototype.hasOwnProperty.call(o, name) || v === undefined) return o;
    const out = copy(o);
    setField(out, name, v);
    return out;
  }),
  /** OBJECT_PUT(o, name, v): sets the field (replacing it); a MISSING value removes it. */
  setter('OBJECT_PUT', (o, name, v) => {
    const out = copy(o);
    if (v === undefined) delete out[name];
    else setField(out, name, v);
    return out;
  }),
  {
    /** OBJECT_REMOVE(o, name1, …): the fields removed; names must be strings. */
    name: 'OBJECT_REMOVE',
    minArgs: 2,
    maxArgs: Infinity,
    nulls: 'strict',
    fn: ([o, ...names]) => {
      if (!isObject(o) || !names.every(isString)) return null;
      const out = copy(o);
      for (const n of names as string[]) delete out[n];
      return out;
    },
  },
  {
    /** OBJECT_CONCAT(o1, o2, …): fields of all objects, later ones winning. */
    name: 'OBJECT_CONCAT',
    minArgs: 2,
    maxArgs: Infinity,
    nulls: 'strict',
    fn: (args) => {
      if (!args.every(isObject)) return null;
      const out: ObjectValue = {};
      for (const o of args as ObjectValue[]) for (const k of Object.keys(o)) setField(out, k, o[k]);
      return out;
    },
  },
  {
    /** OBJECT_RENAME(o, old, new): the field `old` renamed to `new` (no change if absent). */
    name: 'OBJECT_RENAME',
    minArgs: 3,
    maxArgs: 3,
    nulls: 'strict',
    fn: ([o, from, to]) => {
      if (!isObject(o) || !isString(from) || !isString(to)) return null;
      if (!Object.prototype.hasOwnProperty.call(o, from)) return o;
      const out = copy(o);
      const v = out[from];
      delete out[from];
      setField(out, to, v);
      return out;
    },
  },
  {
    /**
     * OBJECT_REPLACE(o, old, new): every field whose value = `old` set to `new` (NULL allowed;
     * a MISSING `new` removes those fields). MISSING `o` or `old` → MISSING; NULL `old` → NULL.
     */
    name: 'OBJECT_REPLACE',
    minArgs: 3,
    maxArgs: 3,
    nulls: 'custom',
    fn: ([o, old, v]) => {
      if (o === undefined || old === undefined) return undefined;
      if (!isObject(o) || old === null) return null;
      const out = copy(o);
      for (const k of Object.keys(out)) {
        if (equals(old, out[k]) !== true) continue;
        if (v === undefined) delete out[k];
        else setField(out, k, v);
      }
      return out;
    },
  },
];
