/**
 * ARRAY_TO_STRING(separator, v1, …): the strings given, in order, joined by `separator`; each
 * `v` is a string or an array of strings. Reference: couchbase/query `expression/func_array.go`
 * `ArrayToString`, checked against the reference engine. A MISSING argument (or a MISSING
 * element of an array argument) gives MISSING; else a `separator` that is not a string, or a
 * `v` that is neither a string nor an array of strings (NULL included, and arrays holding
 * numbers or NULL), gives NULL. `ARRAY_TO_STRING(",", [])` is "".
 */
import type { Value } from '../../values/index.js';
import type { FunctionDef } from './function-def.js';
import { isString } from './support.js';

export const arrayTextFunctions: FunctionDef[] = [
  {
    name: 'ARRAY_TO_STRING',
    minArgs: 2,
    maxArgs: Infinity,
    nulls: 'custom',
    fn: ([sep, ...vs]) => {
      if (sep === undefined || vs.some((v) => v === undefined || (Array.isArray(v) && v.includes(undefined)))) return undefined;
      if (!isString(sep)) return null;
      const parts: string[] = [];
      for (const v of vs) {
        const list: Value[] = Array.isArray(v) ? v : [v];
        if (!list.every(isString)) return null;
        parts.push(...(list as string[]));
      }
      return parts.join(sep);
    },
  },
];
