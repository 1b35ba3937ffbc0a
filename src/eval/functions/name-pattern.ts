/**
 * The field-name filter options shared by OBJECT_PATHS, OBJECT_PAIRS_NESTED, OBJECT_FILTER,
 * OBJECT_EXTRACT and REDACT: `{"pattern": s, "regex": b, "exact": b, "ignorecase": b}`.
 * `pattern` is a regular expression (RE2, the reference's Go syntax) unless `regex` is false,
 * when it is taken literally; `exact` anchors it at both ends; `ignorecase` lower-cases the
 * pattern and the names before matching. An empty pattern matches every name.
 * Source: couchbase/query `expression/func_obj.go` and `func_redact.go`, checked against the
 * reference engine.
 */
import { compileRegexp } from '../../tokens/patterns.js';
import { isObject, type Value } from '../../values/index.js';
import { goLower } from './support.js';

/** A compiled name filter: `undefined` matches everything. */
export type NameMatcher = ((name: string) => boolean) | undefined;

/** Go `regexp.QuoteMeta`: every RE2 metacharacter escaped. */
export function quoteMeta(s: string): string {
  return s.replace(/[\\.+*?()|[\]{}^$]/g, '\\$&');
}

/** A boolean option: `true`/`false` when present as a boolean, else `undefined`. */
export function boolOption(options: Value, name: string): boolean | undefined {
  if (!isObject(options) || !Object.hasOwn(options, name)) return undefined;
  const v = options[name];
  return typeof v === 'boolean' ? v : undefined;
}

/**
 * The matcher the options describe, `undefined` when they have no (or an empty) pattern, or
 * `null` when `pattern` is present but not a string (the functions then give NULL). An invalid
 * regular expression raises QueryError 5010.
 */
export function nameMatcher(options: Value): NameMatcher | null {
  if (!isObject(options) || !Object.hasOwn(options, 'pattern')) return undefined;
  const p = options.pattern;
  if (typeof p !== 'string') return null;
  if (p === '') return undefined;
  let pattern = boolOption(options, 'regex') === false ? quoteMeta(p) : p;
  const ignoreCase = boolOption(options, 'ignorecase') === true;
  if (ignoreCase) pattern = goLower(pattern);
  const re = compileRegexp(pattern, boolOption(options, 'exact') === true ? 'full' : 'search');
  return (name) => re.test(ignoreCase ? goLower(name) : name);
}
