/**
 * JSON functions. Reference: couchbase/query `expression/func_json.go`; docs `jsonfun.adoc`.
 */
import { isObject, jsonSize, toJSON, type Value } from '../../values/index.js';
import type { FunctionDef } from './function-def.js';
import { goTrimSpace, isString, utf8Length } from './support.js';

/**
 * DECODE_JSON: the text, trimmed of white space, parsed as JSON. Empty text and invalid JSON
 * give NULL, as the reference's code does (its docs say the empty string is MISSING).
 */
function decode(s: string): Value {
  const t = goTrimSpace(s);
  if (t === '') return null;
  try {
    return JSON.parse(t) as Value;
  } catch {
    return null;
  }
}

export const jsonFunctions: FunctionDef[] = [
  {
    /** DECODE_JSON(s), alias JSON_DECODE: MISSING → MISSING, a non-string → NULL. */
    name: 'DECODE_JSON',
    aliases: ['JSON_DECODE'],
    minArgs: 1,
    maxArgs: 1,
    nulls: 'strict',
    fn: ([s]) => (isString(s) ? decode(s) : null),
  },
  {
    /** ENCODE_JSON(v), alias JSON_ENCODE: the JSON text of any value; MISSING → "" (docs). */
    name: 'ENCODE_JSON',
    aliases: ['JSON_ENCODE'],
    minArgs: 1,
    maxArgs: 1,
    nulls: 'custom',
    fn: ([v]) => toJSON(v),
  },
  {
    /** ENCODED_SIZE(v): bytes of the JSON text; never MISSING or NULL (0 for MISSING). */
    name: 'ENCODED_SIZE',
    minArgs: 1,
    maxArgs: 1,
    nulls: 'custom',
    fn: ([v]) => jsonSize(v),
  },
  {
    /**
     * POLY_LENGTH(v): a string's length in UTF-8 bytes (as LENGTH), an array's element
     * count, an object's field count; NULL for other values, MISSING for MISSING.
     */
    name: 'POLY_LENGTH',
    minArgs: 1,
    maxArgs: 1,
    nulls: 'strict',
    fn: ([v]) => {
      if (isString(v)) return utf8Length(v);
      if (Array.isArray(v)) return v.length;
      return isObject(v) ? Object.keys(v).length : null;
    },
  },
];
