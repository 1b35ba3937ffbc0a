/**
 * JSON functions. Reference: couchbase/query `expression/func_json.go`; docs `jsonfun.adoc`.
 */
import { deeperThan, isObject, MAX_DOCUMENT_DEPTH, type Value } from '../../values/index.js';
import { evaluationError } from '../../errors/index.js';
import { marshalJSON } from './go-json.js';
import type { FunctionDef } from './function-def.js';
import { goTrimSpace, isString, utf8Length } from './support.js';

/** A lone surrogate (a high one not followed by a low one, or a low one not after a high one). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/** Text that may decode to a lone surrogate: an escape `\uD800`–`\uDFFF`, or a raw surrogate. */
const MAY_HAVE_SURROGATES = /\\u[dD][89a-fA-F]|[\ud800-\udfff]/;

/** `v` with every lone surrogate in its strings and names replaced by U+FFFD. */
function wellFormed(v: Value): Value {
  if (typeof v === 'string') return v.replace(LONE_SURROGATE, '\ufffd');
  if (Array.isArray(v)) return v.map(wellFormed);
  if (!isObject(v)) return v;
  // fromEntries defines own fields, so a name `__proto__` stays an ordinary field.
  return Object.fromEntries(Object.keys(v).map((k) => [wellFormed(k), wellFormed(v[k])])) as Record<string, Value>;
}

/**
 * DECODE_JSON: the text, trimmed of white space, parsed as JSON. Empty text and invalid JSON
 * give NULL, as the reference's code does (its docs say the empty string is MISSING). A `\u`
 * escape of a lone surrogate decodes to U+FFFD, as Go's `encoding/json` does (a pair decodes to
 * its character). Source: couchbase/query `expression/func_json.go` `JSONDecode`.
 */
function decode(s: string): Value {
  const t = goTrimSpace(s);
  if (t === '') return null;
  let v: Value;
  try {
    v = JSON.parse(t) as Value;
  } catch {
    return null;
  }
  // A value nested deeper than a document may be (tokenql's limit; the reference has none)
  // overflowed the recursive steps after it (collation, freezing, the answer's JSON).
  if (deeperThan(v, MAX_DOCUMENT_DEPTH)) throw evaluationError(`DECODE_JSON: value nested deeper than ${MAX_DOCUMENT_DEPTH} levels`);
  return MAY_HAVE_SURROGATES.test(t) ? wellFormed(v) : v;
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
    /**
     * ENCODE_JSON(v), alias JSON_ENCODE: the reference's JSON text of any value (sorted names,
     * numbers never in exponent form, U+2028/U+2029 escaped: see go-json.ts); MISSING → "null",
     * as the reference answers (its MISSING marshals as `null`).
     * Source: couchbase/query `expression/func_json.go` `JSONEncode` (`arg.MarshalJSON()`).
     */
    name: 'ENCODE_JSON',
    aliases: ['JSON_ENCODE'],
    minArgs: 1,
    maxArgs: 1,
    nulls: 'custom',
    fn: ([v]) => (v === undefined ? 'null' : marshalJSON(v)),
  },
  {
    /**
     * ENCODED_SIZE(v): UTF-8 bytes of ENCODE_JSON's text; never MISSING or NULL (4, the size of
     * `null`, for MISSING: the reference's answer).
     * Source: couchbase/query `expression/func_json.go` `EncodedSize`.
     */
    name: 'ENCODED_SIZE',
    minArgs: 1,
    maxArgs: 1,
    nulls: 'custom',
    fn: ([v]) => (v === undefined ? 4 : utf8Length(marshalJSON(v))),
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
